// Photo bursts: the BUILT server started as `npm start` starts it (128 MB of old space), three owners
// each PUT a 5 MB photo as the JSON byte array of docs/product.md §7 (about 19 MB of JSON, under the 24 MB
// upload limit) while two anonymous visitors POST the same. Every answer is a 2xx, a clear 4xx or a 503 with
// Retry-After; the process stays up, /healthz answers 200, and its peak RSS is printed.
import crypto from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES } from '../../shared/constants.ts'
import {
  type BuiltServer,
  GENEROUS_ENV,
  isClearJsonError,
  type Outcome,
  peakRssMb,
  request,
  type Subscriber,
  suiteBuilt,
} from './helpers.ts'

const PNG_HEAD = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** A 5 MB PNG (a real signature, then varied bytes so the JSON has 1–3 digits per byte as a photo would). */
function photoBytes(): Buffer {
  const bytes = crypto.randomBytes(PHOTO_MAX_BYTES)
  PNG_HEAD.copy(bytes)
  return bytes
}

/**
 * The photo object of docs/product.md §7 with the bytes as a JSON number array, written
 * without a JS array of 5M numbers.
 */
function photoJson(fields: Record<string, unknown>, bytes: Buffer): string {
  const head = JSON.stringify({ ...fields, photo: null }).slice(0, -'null}'.length)
  return `${head}{"buffer":[${bytes.join(',')}],"mimetype":"image/png","originalname":"big.png"}}`
}

const suite = suiteBuilt('burst')
let server: BuiltServer
let owners: Subscriber[]

beforeAll(async () => {
  owners = await suite.seedSubscribers(3, 'burst')
  server = await suite.start({ TRUST_PROXY: '1', ...GENEROUS_ENV }, { asStarted: true })
})

/** 2xx, a clear JSON 4xx, or 503 with Retry-After: what a client may get within the declared limits. */
function acceptable(outcome: Outcome & { retryAfter: string | null }): boolean {
  if (outcome.status === null) return false
  if (outcome.status >= 200 && outcome.status < 300) return true
  if (outcome.status === 503) return outcome.retryAfter !== null && isClearJsonError(outcome)
  return outcome.status >= 400 && outcome.status < 500 && isClearJsonError(outcome)
}

/** Each client from its own address (behind one trusted proxy): one address holds one photo slot. */
async function send(url: string, method: string, body: string, token?: string, address = '198.51.100.1') {
  const started = Date.now()
  try {
    const res = await fetch(url, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
      signal: AbortSignal.timeout(120_000),
    })
    const text = await res.text()
    return {
      status: res.status as number | null,
      contentType: res.headers.get('content-type') ?? '',
      body: text,
      error: null as string | null,
      retryAfter: res.headers.get('retry-after'),
      ms: Date.now() - started,
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    return {
      status: null,
      contentType: '',
      body: '',
      error: cause?.code ?? String(error),
      retryAfter: null,
      ms: Date.now() - started,
    }
  }
}

describe('a burst of 5 MB photos sent as JSON byte arrays', () => {
  it('3 owners PUT and 2 visitors POST at once: every answer is acceptable, the process stays up', async () => {
    const bytes = photoBytes()
    const bodies = owners.map((o) => photoJson({ name: `Burst ${o.id}` }, bytes))
    const anonymous = [0, 1].map((i) =>
      photoJson({ cat_name: `Visitor ${i}`, session_id: `burst-${i}` }, bytes),
    )
    expect(bodies[0]!.length).toBeGreaterThan(17 * 1024 * 1024)
    expect(bodies[0]!.length).toBeLessThan(24 * 1024 * 1024)

    const results = await Promise.all([
      ...owners.map((o, i) =>
        send(
          `${server.base}/api/supabase/cats/${o.catId}`,
          'PUT',
          bodies[i]!,
          o.token,
          `198.51.100.${10 + i}`,
        ),
      ),
      ...anonymous.map((body, i) =>
        send(`${server.base}/api/supabase/cats`, 'POST', body, undefined, `203.0.113.${10 + i}`),
      ),
    ])
    const health = await request(`${server.base}/healthz`, { timeoutMs: 10_000 })
    const peak = peakRssMb(server.child.pid!)
    console.info(
      `photo burst: peak RSS ${peak} MB; answers ${results.map((r) => `${r.status ?? r.error} in ${r.ms} ms`).join(', ')}`,
    )
    expect(server.child.exitCode).toBeNull()
    expect(health.status).toBe(200)
    const wrong = results
      .filter((r) => !acceptable(r))
      .map((r) => `${r.status ?? r.error} ${r.body.slice(0, 200)}`)
    expect(wrong).toEqual([])
    // At least one upload of each kind went through: the gate is a queue guard, not a wall.
    expect(results.slice(0, 3).some((r) => r.status === 200)).toBe(true)
  })

  it('a photo that was acknowledged is stored (re-encoded); one refused with 503 is stored only if retried', async () => {
    // Each owner retries until their PUT is acknowledged (what a client does with Retry-After).
    const bytes = photoBytes()
    for (const o of owners) {
      let last = await send(
        `${server.base}/api/supabase/cats/${o.catId}`,
        'PUT',
        photoJson({}, bytes),
        o.token,
      )
      for (let i = 0; i < 20 && last.status === 503; i++) {
        await new Promise((r) => setTimeout(r, 1000 * Number(last.retryAfter ?? 1)))
        last = await send(`${server.base}/api/supabase/cats/${o.catId}`, 'PUT', photoJson({}, bytes), o.token)
      }
      expect(last.status).toBe(200)
      const row = await suite.database.prisma.catPhoto.findUniqueOrThrow({ where: { catId: o.catId } })
      expect(row.mimetype).toBe('image/png')
      // Stored re-encoded without metadata: the picture in the bytes (a 1×1 PNG); what follows
      // its end is not part of it.
      const stored = await sharp(row.data).metadata()
      expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(['png', 1, 1, undefined])
    }
    expect(server.child.exitCode).toBeNull()
    console.info(`photo burst + retries: peak RSS ${peakRssMb(server.child.pid!)} MB`)
  })
})
