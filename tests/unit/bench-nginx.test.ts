// `npm run bench` on a machine without nginx: its proxy row becomes a note instead of the run dying
// after all its load rounds with no table. nginx is made unreachable by an empty PATH.
import { afterEach, expect, it } from 'vitest'
import { measureThroughNginx } from '../../scripts/bench/nginx.ts'

const path = process.env.PATH
afterEach(() => {
  process.env.PATH = path
})

it('answers a note, and runs no load, when nginx cannot be started', async () => {
  process.env.PATH = '/nonexistent-kitty-bench'
  let loaded = false
  const row = await measureThroughNginx('http://127.0.0.1:1', 'http://127.0.0.1:2', async () => {
    loaded = true
    return 'measured'
  })
  expect(loaded).toBe(false)
  expect(row).toEqual({ note: expect.stringContaining('nginx could not be started') })
})
