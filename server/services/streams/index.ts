import type { FastifyBaseLogger } from 'fastify'
import { createMemoryReplyStreams } from './memory.ts'
import type { ReplyStreams } from './types.ts'

export type { ReplyStreams } from './types.ts'

/** Redis when REDIS_URL is set (several instances share replies), else this process's memory. */
export async function createReplyStreams(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  prefix?: string,
): Promise<ReplyStreams> {
  if (!redisUrl) return createMemoryReplyStreams()
  const { createRedisReplyStreams } = await import('./redis.ts')
  return createRedisReplyStreams(redisUrl, log, prefix)
}
