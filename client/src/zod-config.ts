import { config } from 'zod/v4/core'

// zod compiles a faster object parser with `new Function` when it may; to find out, it tries once. The
// server's Content-Security-Policy forbids eval, so that probe is a CSP violation the browser reports
// (Lighthouse's best-practices "inspector-issues"), though zod catches it. The client's forms are small:
// they parse without the compiled path and never probe. Set before any schema is made (zod decides then).
config({ jitless: true })
