// A crash is not an outage: the BUILT server started through scripts/supervise.mjs (as `npm start`
// and the Docker image start it) is killed with SIGKILL; the supervisor logs why and starts it again,
// and the new process serves /healthz. SIGTERM to the supervisor then stops both, exit code 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, GENEROUS_ENV, request, suiteBuilt } from './helpers.ts'

const suite = suiteBuilt('supervisor')
let supervisor: BuiltServer

const LISTENING = /is listening on (http:\/\/127\.0\.0\.1:\d+)/

beforeAll(async () => {
  supervisor = await suite.start(GENEROUS_ENV, { supervised: true })
})

// Before the suite's teardown: the supervisor first (so it restarts nothing), then the servers it started.
afterAll(() => {
  if (supervisor && supervisor.child.exitCode === null) supervisor.child.kill('SIGKILL')
  for (const line of supervisor?.lines ?? []) {
    const pid = /"pid":(\d+)/.exec(line)?.[1]
    if (pid) {
      try {
        process.kill(Number(pid), 'SIGKILL')
      } catch {}
    }
  }
})

/** The pid and address of each server process the supervisor started, in order. */
function servers(lines: string[]) {
  return lines
    .filter((line) => LISTENING.test(line))
    .map((line) => ({ pid: Number(/"pid":(\d+)/.exec(line)![1]), base: LISTENING.exec(line)![1]! }))
}

describe('the supervisor', () => {
  it('restarts a server killed with SIGKILL, saying why, and the new one serves', async () => {
    const [first] = servers(supervisor.lines)
    expect(first!.pid).not.toBe(supervisor.child.pid)
    expect((await request(`${first!.base}/healthz`)).status).toBe(200)

    process.kill(first!.pid, 'SIGKILL')
    const said = await supervisor.waitForLine(/\[supervisor\].*SIGKILL.*restarting in 1 s/, 10_000)
    expect(said).toContain('restart 1')
    for (let i = 0; i < 300 && servers(supervisor.lines).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100))
    const second = servers(supervisor.lines)[1]
    expect(second).toBeDefined()
    expect(second!.pid).not.toBe(first!.pid)
    expect((await request(`${second!.base}/healthz`)).status).toBe(200)
    expect(supervisor.child.exitCode).toBeNull()
  })

  it('SIGTERM stops the server and the supervisor with code 0', async () => {
    supervisor.child.kill('SIGTERM')
    expect(await supervisor.exited).toEqual({ code: 0, signal: null })
  })
})
