// Requests Node refuses before Fastify sees them (headers over the size limit, a request that took too
// long to arrive, bytes that are not HTTP): answered in the contract's `{error, code}` shape instead of
// Fastify's own, so a client reads every error the same way.
import http from 'node:http'
import type { Socket } from 'node:net'
import type { ErrorCode } from '../../shared/errors.ts'
import { errorBody } from '../errors.ts'

const CODE_BY_NODE_ERROR: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
}

const STATUS: Partial<Record<ErrorCode, number>> = { HEADERS_TOO_LARGE: 431, REQUEST_TIMEOUT: 408 }

/** Fastify's `clientErrorHandler`: one JSON answer, then the connection is closed. */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const code = CODE_BY_NODE_ERROR[error.code ?? ''] ?? 'INVALID_INPUT'
  const status = STATUS[code] ?? 400
  const body = JSON.stringify(errorBody(code))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
