// The bench's mail relay, in a process of its own as a real one would be: an SMTP server that accepts
// every message and tells its parent (IPC) who it was for and when it arrived. The care rows measure
// the product's worker, so the relay's own work must not share its event loop.
import { SMTPServer } from 'smtp-server'

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {})
    stream.on('end', () => {
      process.send?.({ to: session.envelope.rcptTo.map((r) => r.address), receivedAt: Date.now() })
      callback()
    })
  },
})
// A sender that resets mid-message is an 'error' on the server; a relay goes on.
server.on('error', () => {})
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.server.address().port }))
process.on('disconnect', () => server.close(() => process.exit(0)))
