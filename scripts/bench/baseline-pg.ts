// Benchmark figure A: the limit. A bare Fastify route running the cats read's own SQL through `pg`,
// with no tRPC, no Prisma and no auth, prepared once per connection as the app prepares it
// (server/db.ts, preparedName). Started by scripts/bench.ts; listens on PORT.
import Fastify from 'fastify'
import pg from 'pg'
import { preparedName } from '../../server/db.ts'
import { CATS_OF_USER_SQL } from '../../server/domain/cats/cats-of-owner.ts'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const userId = Number(process.env.BENCH_USER_ID)

const app = Fastify()
const read = { name: preparedName({ sql: CATS_OF_USER_SQL }), text: CATS_OF_USER_SQL, values: [userId] }
app.get('/cats', async () => (await pool.query(read)).rows)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => pool.end()))
