import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp, suiteApp } from '../helpers/app.ts'

// The page served for /start names its chunks (the list the client build writes, vite.config.ts), so
// they load beside the entry; every other path gets index.html as built.

let clientDir: string
const START_CHUNKS = ['/assets/ShortQuizPage-abc.js', '/assets/QuizStep-def.js']
const preload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`

const t = suiteApp(
  async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-client-'))
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<html><head><title>Kitty</title><script type="module" src="/assets/index-a1.js"></script></head><body></body></html>',
    )
    fs.writeFileSync(
      path.join(clientDir, 'route-preloads.json'),
      JSON.stringify({ '/start': START_CHUNKS, '/start-b': [...START_CHUNKS, '/assets/x.js"><script>'] }),
    )
    return createTestApp({ clientDir })
  },
  async () => {
    fs.rmSync(clientDir, { recursive: true, force: true })
  },
)

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('route preloads', () => {
  it('names /start’s chunks in the head of the page for /start, in any case and with a query', async () => {
    for (const url of ['/start', '/START/', '/start?utm=1']) {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      const head = res.body.slice(0, res.body.indexOf('</head>'))
      for (const href of START_CHUNKS) expect(head).toContain(preload(href))
      // The runtime config is there as on every page.
      expect(head).toContain('name="kitty-config"')
    }
  })

  it('names no chunk on other paths', async () => {
    for (const url of ['/login', '/onboarding', '/nope']) {
      const res = await get(url)
      expect(res.body).toContain('name="kitty-config"')
      expect(res.body).not.toContain('modulepreload')
    }
  })

  it('writes only asset script paths from the list into the page', async () => {
    const res = await get('/start-b')
    for (const href of START_CHUNKS) expect(res.body).toContain(preload(href))
    expect(res.body).not.toContain('x.js')
    expect(res.body).not.toContain('<script>')
  })
})
