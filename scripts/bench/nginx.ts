// nginx from Debian's package as a child process in a folder of its own: round-robin over upstream
// instances on a random loopback port, configured like deploy/nginx.conf. Used by the two-instance test
// and by `npm run bench`'s proxy row.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface Nginx {
  child: ChildProcess
  base: string
  stop(): void
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Starts nginx in front of `upstreams` (base URLs) and resolves once /healthz answers 200 through it. */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-nginx-'))
  fs.chmodSync(dir, 0o777)
  const port = await freePort()
  const servers = upstreams.map((base) => `server ${new URL(base).host} max_fails=1 fail_timeout=5s;`)
  // Running as root (CI), the workers would switch to nobody; they stay root to use this folder.
  const user = process.getuid?.() === 0 ? 'user root root;' : ''
  const conf = `
daemon off;
master_process on;
worker_processes 1;
${user}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream kitty { ${servers.join(' ')} keepalive 32; keepalive_requests 1000000; }
  server {
    listen 127.0.0.1:${port};
    # nginx closes a kept-alive connection after 1,000 requests by default; the load tool counted a
    # request caught in that close as an error, although the server answered every request.
    keepalive_requests 1000000;
    client_max_body_size 48m;
    location / {
      proxy_pass http://kitty;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 2;
    }
  }
}`
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf)
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' })
  // Without this listener a missing nginx ended the whole process with an unhandled 'error' event.
  let spawnError: Error | undefined
  child.once('error', (error) => {
    spawnError = error
  })
  const base = `http://127.0.0.1:${port}`
  const stop = () => {
    child.kill('SIGQUIT')
    setTimeout(() => fs.rmSync(dir, { recursive: true, force: true }), 500).unref()
  }
  for (let i = 0; i < 100; i++) {
    if (spawnError) {
      throw new Error(`nginx could not be started (${spawnError.message}): install Debian's nginx package`)
    }
    if (child.exitCode !== null) break
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })).status === 200) {
        return { child, base, stop }
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  stop()
  throw new Error(
    `nginx did not come up: ${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''}`,
  )
}

/**
 * Runs `load` against nginx in front of `one` instance, then of `one` and `two`; when nginx cannot be
 * started (not installed) the answer is a note for the benchmark's table instead of a figure.
 */
export async function measureThroughNginx<T>(
  one: string,
  two: string,
  load: (proxyOne: string, proxyTwo: string) => Promise<T>,
): Promise<T | { note: string }> {
  const started: Nginx[] = []
  try {
    started.push(await startNginx([one]))
    started.push(await startNginx([one, two]))
  } catch (error) {
    for (const proxy of started) proxy.stop()
    return { note: (error as Error).message }
  }
  try {
    return await load(started[0]!.base, started[1]!.base)
  } finally {
    for (const proxy of started) proxy.stop()
  }
}
