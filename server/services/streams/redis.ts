// Reply streams in Redis, shared by every instance: a reply's pieces are a list, its state a key, and
// news (a piece, the end, a stop request) goes out by pub/sub. Every key carries a time to live, so a
// reply whose instance died expires on its own. Keys start with `prefix` (tests use a random one).
import type { FastifyBaseLogger } from 'fastify'
import { openRedis } from '../redis.ts'
import { REPLY_SILENCE_MS, REPLY_TTL_MS, type ReplyState, type ReplyStreams } from './types.ts'

export function createRedisReplyStreams(url: string, log: FastifyBaseLogger, prefix = 'kc:'): ReplyStreams {
  // Keys carry `prefix` here (channels too), so the clients add none of their own.
  const redis = openRedis(url, log, '', 'reply streams')
  const subscriber = openRedis(url, log, '', 'reply stream news')
  const listeners = new Map<string, Set<() => void>>()
  subscriber.on('message', (channel: string) => {
    for (const listener of listeners.get(channel) ?? []) listener()
  })

  const k = {
    claim: (key: string) => `${prefix}claim:${key}`,
    pieces: (id: string) => `${prefix}reply:${id}:pieces`,
    state: (id: string) => `${prefix}reply:${id}:state`,
    news: (id: string) => `${prefix}reply:${id}:news`,
    stop: (id: string) => `${prefix}reply:${id}:stop`,
    active: (conversationId: number) => `${prefix}active:${conversationId}`,
  }

  async function listen(channel: string, listener: () => void): Promise<() => void> {
    let set = listeners.get(channel)
    if (!set) {
      set = new Set()
      listeners.set(channel, set)
      await subscriber.subscribe(channel)
    }
    set.add(listener)
    return () => {
      const current = listeners.get(channel)
      current?.delete(listener)
      if (current && current.size === 0) {
        listeners.delete(channel)
        void subscriber.unsubscribe(channel).catch(() => {})
      }
    }
  }

  return {
    async claim(key, replyId) {
      // A claim lives as long as its reply shows life (append refreshes it); a dead instance's expires.
      const won = await redis.set(k.claim(key), replyId, 'PX', REPLY_SILENCE_MS, 'NX')
      if (won === 'OK') {
        await redis.set(k.state(replyId), 'live', 'PX', REPLY_TTL_MS)
        return replyId
      }
      return (await redis.get(k.claim(key))) ?? replyId
    },
    async release(key) {
      await redis.del(k.claim(key))
    },
    async touch(key) {
      await redis.pexpire(k.claim(key), REPLY_SILENCE_MS)
    },
    async append(replyId, piece) {
      await redis
        .multi()
        .rpush(k.pieces(replyId), piece)
        .pexpire(k.pieces(replyId), REPLY_TTL_MS)
        .publish(k.news(replyId), 'piece')
        .exec()
    },
    async end(replyId, state) {
      await redis
        .multi()
        .set(k.state(replyId), state, 'PX', REPLY_TTL_MS)
        .publish(k.news(replyId), 'end')
        .exec()
    },
    async read(replyId, from) {
      // State first: once it says done, the list read after it is complete.
      const state = (await redis.get(k.state(replyId))) as ReplyState | null
      const pieces = await redis.lrange(k.pieces(replyId), from, -1)
      return { pieces, state }
    },
    async changed(replyId, timeoutMs, signal) {
      let unlisten: () => void = () => {}
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          resolve()
        }
        signal?.addEventListener('abort', done, { once: true })
        // Without news (Redis unreachable) the wait ends at its timeout, and the reader reads again.
        listen(k.news(replyId), done).then(
          (off) => {
            unlisten = off
          },
          () => {},
        )
      })
      unlisten()
    },
    async stop(replyId) {
      await redis.publish(k.stop(replyId), 'stop')
    },
    onStop(replyId, listener) {
      return listen(k.stop(replyId), listener)
    },
    async setActive(conversationId, replyId) {
      await redis.set(k.active(conversationId), replyId, 'PX', REPLY_TTL_MS)
    },
    async clearActive(conversationId, replyId) {
      if ((await redis.get(k.active(conversationId))) === replyId) await redis.del(k.active(conversationId))
    },
    async active(conversationId) {
      return redis.get(k.active(conversationId))
    },
    async close() {
      listeners.clear()
      await Promise.allSettled([redis.quit(), subscriber.quit()])
    },
  }
}
