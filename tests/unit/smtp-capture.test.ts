// The tests' SMTP server must outlive a sender that dies in the middle of a message (an instance killed
// with `kill -9` while its pool is sending): a real relay logs the reset and goes on. smtp-server emits
// such a reset as an 'error' on the server, which without a listener is an uncaught exception that fails
// the whole test run (it did, once, in the care kill -9 test).
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpCapture, startSmtpCapture } from '../doubles/smtp-server.ts'

let smtp: SmtpCapture
beforeAll(async () => {
  smtp = await startSmtpCapture()
})
afterAll(() => smtp.close())

/** Opens an SMTP session, starts a message and resets the connection (RST) in the middle of its data. */
async function dieMidMessage(url: string) {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  const replies: string[] = []
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => replies.push(chunk))
  socket.on('error', () => {})
  const waitFor = async (code: string) => {
    while (!replies.join('').includes(`\n${code} `) && !replies.join('').startsWith(`${code} `)) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  await waitFor('220')
  socket.write('EHLO dying.example\r\n')
  await waitFor('250')
  replies.length = 0
  socket.write('MAIL FROM:<app@example.com>\r\n')
  await waitFor('250')
  replies.length = 0
  socket.write('RCPT TO:<owner@example.com>\r\n')
  await waitFor('250')
  replies.length = 0
  socket.write('DATA\r\n')
  await waitFor('354')
  socket.write('Subject: half a message\r\n\r\nthe sender dies he')
  await new Promise((resolve) => setTimeout(resolve, 20))
  socket.resetAndDestroy()
}

describe('the SMTP capture', () => {
  it('goes on taking mail after senders reset their connections mid-message', async () => {
    for (let i = 0; i < 3; i++) await dieMidMessage(smtp.url)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(smtp.messages).toEqual([])
    expect(smtp.droppedConnections()).toBe(3)
  })
})
