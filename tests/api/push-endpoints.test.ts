// Push endpoints were a blind SSRF: only `https:` was checked, so an owner could make the reminder
// worker POST to any address its network reaches. Now an endpoint must be HTTPS at a known push
// service (400 otherwise, at subscribe time), the host's addresses are checked again when a push is
// sent (after DNS: loopback, private, link-local and metadata refused), and an owner keeps at most 10.
import { describe, expect, it } from 'vitest'
import { createPushSender } from '../../server/services/push.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'

const t = suiteApp(() => createTestApp())

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
}

const subscribe = (token: string, endpoint: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/care/push/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    payload: { endpoint, keys: KEYS },
  })

describe('push subscription endpoints', () => {
  it('refuses anything but HTTPS at a known push service (400), on REST and tRPC', async () => {
    const owner = await t.signIn()
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://127.0.0.1:8443/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.7/push',
      'https://localhost/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://internal.example.com/push',
      'https://fcm.googleapis.com.evil.example/push',
      'https://evilfcm.googleapis.com/push',
      'https://push.apple.com.evil.example/push',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://2130706433/push',
    ]) {
      const res = await subscribe(owner.token, endpoint)
      expect({ endpoint, status: res.statusCode }).toEqual({ endpoint, status: 400 })
      expect(res.json().code).toBe('INVALID_INPUT')
    }
    const api = await t.caller(owner.token)
    await expect(
      api.care.subscribePush({ endpoint: 'https://10.1.2.3/x', keys: KEYS }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    expect(await t.db.pushSubscription.count({ where: { userId: owner.id } })).toBe(0)
  })

  it('takes the push services browsers use', async () => {
    const owner = await t.signIn()
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGz1',
      'https://db5p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect((await subscribe(owner.token, endpoint)).statusCode).toBe(200)
    }
  })

  it('keeps at most 10 per owner; the same endpoint again is no new one', async () => {
    const owner = await t.signIn()
    for (let i = 0; i < 10; i++) {
      expect(
        (await subscribe(owner.token, `https://fcm.googleapis.com/fcm/send/device-${owner.id}-${i}`))
          .statusCode,
      ).toBe(200)
    }
    expect(
      (await subscribe(owner.token, `https://fcm.googleapis.com/fcm/send/device-${owner.id}-0`)).statusCode,
    ).toBe(200)
    const refused = await subscribe(owner.token, `https://fcm.googleapis.com/fcm/send/device-${owner.id}-10`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('QUOTA_EXCEEDED')
    expect(await t.db.pushSubscription.count({ where: { userId: owner.id } })).toBe(10)
  })
})

describe('at send time', () => {
  it('never connects to a private address: a stored endpoint not allowed, or a push host resolving into the network, is forgotten', async () => {
    const owner = await t.signIn()
    // Rows stored before the rule (or planted), and a push host whose DNS answer points inside.
    await t.db.pushSubscription.createMany({
      data: [
        { userId: owner.id, endpoint: `https://127.0.0.1:9/${owner.id}`, ...KEYS },
        { userId: owner.id, endpoint: `https://169.254.169.254/${owner.id}`, ...KEYS },
        { userId: owner.id, endpoint: `https://fcm.googleapis.com/fcm/send/rebound-${owner.id}`, ...KEYS },
      ],
    })
    const asked: string[] = []
    const lookup = ((
      host: string,
      _options: unknown,
      callback: (e: null, a: { address: string; family: number }[]) => void,
    ) => {
      asked.push(host)
      callback(null, [{ address: '10.0.0.5', family: 4 }])
    }) as never
    const push = createPushSender(t.db, { info: () => {} }, { lookup })
    await push(owner.id, { title: 't', body: 'b', url: 'https://x.test/', tag: 'x' })
    expect(asked).toEqual(['fcm.googleapis.com'])
    expect(await t.db.pushSubscription.count({ where: { userId: owner.id } })).toBe(0)
  })
})
