import path from 'node:path'
import { defineConfig } from 'prisma/config'

// Offline: the CLI wants a native schema-engine binary before generate/validate/migrate and cannot
// download one here. `generate` only checks the path exists, so point it at a stub; migrations go
// through scripts/migrate.mjs (Prisma's own Wasm schema engine). Where the binary exists, set
// PRISMA_SCHEMA_ENGINE_BINARY yourself and the stock `prisma migrate deploy` works on the same tables.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, 'scripts/schema-engine-stub.mjs')

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
})
