import type { $ZodConfig } from 'zod/v4/core'

// zod compiles a faster object parser with `new Function` when it may; to find out, it tries once. The
// server's Content-Security-Policy forbids eval, so that probe is a CSP violation the browser reports
// (Lighthouse's best-practices "inspector-issues"), though zod catches it. The client's forms are small:
// they parse without the compiled path and never probe. zod reads its config from this global, and
// documents filling it in before zod loads (zod/v4/core/core.ts): the entry does, without loading zod.
const global = globalThis as { __zod_globalConfig?: $ZodConfig }
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true }
