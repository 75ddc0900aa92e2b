// The owner's live report links (GET /api/care/report/shares) and revoking one (DELETE
// /api/care/report/shares/{id}) while the others keep working; another owner's link is a 404; a link
// that no longer works answers a browser with a page and an API client with the JSON error of docs/api.md.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

const auth = (token: string) => ({ authorization: `Bearer ${token}` })
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? ''

describe('report share links, one by one', () => {
  it('lists the live links newest first and revokes one; the other still opens', async () => {
    const { owner } = await subscriberWithCat(t)
    const api = await t.caller(owner.token)
    const first = await api.progress.shareReport({})
    const second = await api.progress.shareReport({})
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/care/report/shares',
      headers: auth(owner.token),
    })
    expect(listed.statusCode).toBe(200)
    const links = listed.json() as Array<{ id: number; created_at: string; expires_at: string }>
    expect(links).toHaveLength(2)
    expect(links[0]!.id).toBeGreaterThan(links[1]!.id)
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/care/report/shares/${links[1]!.id}`,
      headers: auth(owner.token),
    })
    expect(gone.json()).toEqual({ success: true })
    expect((await api.progress.shareLinks({})).map((l) => l.id)).toEqual([links[0]!.id])
    const open = (url: string) =>
      t.app.inject({ method: 'GET', url: `/api/care/report/shared?token=${tokenOf(url)}` })
    expect((await open(second.url)).statusCode).toBe(200)
    expect((await open(first.url)).statusCode).toBe(404)
  })

  it("another owner's link is a 404 and stays live", async () => {
    const a = await subscriberWithCat(t)
    const b = await subscriberWithCat(t)
    await (await t.caller(a.owner.token)).progress.shareReport({})
    const [link] = await (await t.caller(a.owner.token)).progress.shareLinks({})
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/care/report/shares/${link!.id}`,
      headers: auth(b.owner.token),
    })
    expect(res.statusCode).toBe(404)
    expect(await (await t.caller(a.owner.token)).progress.shareLinks({})).toHaveLength(1)
  })

  it('a revoked link: a page for a browser, JSON for an API client', async () => {
    const { owner } = await subscriberWithCat(t)
    const api = await t.caller(owner.token)
    const { url } = await api.progress.shareReport({})
    await api.progress.revokeShares()
    const path = `/api/care/report/shared?token=${tokenOf(url)}`
    const browser = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    })
    expect(browser.statusCode).toBe(404)
    expect(browser.headers['content-type']).toContain('text/html')
    expect(browser.body).toContain('This report link no longer works')
    expect(browser.headers['content-disposition']).toBeUndefined()
    const client = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } })
    expect(client.statusCode).toBe(404)
    expect(client.json().code).toBe('NOT_FOUND')
  })
})
