// The shared vet report was also served on /trpc (progress.sharedReport): the PDF as a JSON byte array,
// without X-Robots-Tag or the other headers of the link's REST row. The link has one surface now: /trpc
// answers 404 for it, and the REST row sends its headers.
import { describe, expect, it } from 'vitest'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp(() => createTestApp())

describe('a shared report', () => {
  it('opens at its REST link with no-index headers, and nowhere on /trpc', async () => {
    const { owner } = await subscriberWithCat(t)
    const { url } = await (await t.caller(owner.token)).progress.shareReport({})
    const link = new URL(url, 'http://x.test')
    const rest = await t.app.inject({ method: 'GET', url: link.pathname + link.search })
    expect(rest.statusCode).toBe(200)
    expect(rest.headers['content-type']).toBe('application/pdf')
    expect(rest.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(rest.headers['referrer-policy']).toBe('no-referrer')

    const token = link.searchParams.get('token') ?? ''
    const input = encodeURIComponent(JSON.stringify({ token }))
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/progress.sharedReport?input=${input}` })
    expect(trpc.statusCode).toBe(404)
    expect(trpc.body).not.toContain('%PDF')
    const batch = await t.app.inject({
      method: 'GET',
      url: `/trpc/progress.sharedReport,auth.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { token } }))}`,
    })
    expect(batch.statusCode).toBe(404)
  })
})
