// Benchmark figure B: what a typical tRPC + Prisma app does. The stock tRPC Fastify adapter and a Prisma
// findMany of the user's cats, no auth. Started by scripts/bench.ts; listens on PORT.
import { initTRPC } from '@trpc/server'
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify'
import Fastify from 'fastify'
import { openPostgres } from '../../server/db.ts'

const { prisma } = await openPostgres(process.env.DATABASE_URL!)
const t = initTRPC.create()
const userId = Number(process.env.BENCH_USER_ID)
const appRouter = t.router({
  cats: t.procedure.query(() => prisma.cat.findMany({ where: { userId }, orderBy: { id: 'asc' } })),
})

const app = Fastify()
await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router: appRouter } })
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => prisma.$disconnect()))
