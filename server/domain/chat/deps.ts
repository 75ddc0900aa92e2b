// What the chat rules reach outside themselves: the database, the assistant behind its interface
// (server/services/assistant), the reply streams shared by the instances (server/services/streams), a log.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'
import type { Assistant } from '../../services/assistant/types.ts'
import type { ReplyStreams } from '../../services/streams/types.ts'

export interface ChatDeps {
  db: Db
  assistant: Assistant
  streams: ReplyStreams
  log: FastifyBaseLogger
}
