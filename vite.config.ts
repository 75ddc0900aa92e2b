import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const API_TARGET = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Every page is its own chunk; the /login entry stays small.
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '/trpc': API_TARGET, '/api': API_TARGET, '/healthz': API_TARGET },
  },
})
