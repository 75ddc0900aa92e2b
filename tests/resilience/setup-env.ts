import { inject } from 'vitest'

// The global setup may have created the database after the workers' environment was copied.
process.env.DATABASE_URL ??= inject('databaseUrl')
