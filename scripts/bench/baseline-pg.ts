// Benchmark figure A: the limit. A bare Fastify route running the cats read's SQL through `pg`,
// with no tRPC, no Prisma and no auth. Started by scripts/bench.ts; listens on PORT.
import Fastify from 'fastify'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const CATS_SQL = `SELECT id, name, breed, gender, age, weight, weight_unit, target_weight, goals, issues_faced,
  activity_level, required_progress, check_in_period, training_days, medical_conditions, medications,
  dietary_restrictions, medical_history, items, food_bowls, treats, playtime, welcome_message_specific_detail,
  welcome_message_relevant_response, photo_mimetype, created_at, updated_at
  FROM cats WHERE user_id = $1 ORDER BY id ASC`

const app = Fastify()
app.get('/cats', async () => (await pool.query(CATS_SQL, [Number(process.env.BENCH_USER_ID)])).rows)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => pool.end()))
