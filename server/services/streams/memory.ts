// Reply streams in this process: enough for one instance (the default without REDIS_URL).
import { EventEmitter } from 'node:events'
import { REPLY_TTL_MS, type ReplyState, type ReplyStreams } from './types.ts'

interface Entry {
  pieces: string[]
  state: ReplyState
}

export function createMemoryReplyStreams(): ReplyStreams {
  const replies = new Map<string, Entry>()
  const claims = new Map<string, string>()
  const active = new Map<number, string>()
  const events = new EventEmitter()
  events.setMaxListeners(0)

  const forgetLater = (replyId: string) => {
    setTimeout(() => replies.delete(replyId), REPLY_TTL_MS).unref()
  }

  return {
    async claim(key, replyId) {
      const holder = claims.get(key)
      if (holder) return holder
      claims.set(key, replyId)
      replies.set(replyId, { pieces: [], state: 'live' })
      return replyId
    },
    async release(key) {
      claims.delete(key)
    },
    async touch() {},
    async append(replyId, piece) {
      replies.get(replyId)?.pieces.push(piece)
      events.emit(`change:${replyId}`)
    },
    async end(replyId, state) {
      const entry = replies.get(replyId)
      if (entry) entry.state = state
      for (const [key, holder] of claims) if (holder === replyId && state === 'done') claims.delete(key)
      events.emit(`change:${replyId}`)
      forgetLater(replyId)
    },
    async read(replyId, from) {
      const entry = replies.get(replyId)
      return entry ? { pieces: entry.pieces.slice(from), state: entry.state } : { pieces: [], state: null }
    },
    changed(replyId, timeoutMs, signal) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          events.off(`change:${replyId}`, done)
          signal?.removeEventListener('abort', done)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        events.on(`change:${replyId}`, done)
        signal?.addEventListener('abort', done)
      })
    },
    async stop(replyId) {
      events.emit(`stop:${replyId}`)
    },
    async onStop(replyId, listener) {
      events.on(`stop:${replyId}`, listener)
      return () => events.off(`stop:${replyId}`, listener)
    },
    async setActive(conversationId, replyId) {
      active.set(conversationId, replyId)
    },
    async clearActive(conversationId, replyId) {
      if (active.get(conversationId) === replyId) active.delete(conversationId)
    },
    async active(conversationId) {
      return active.get(conversationId) ?? null
    },
    async close() {
      events.removeAllListeners()
    },
  }
}
