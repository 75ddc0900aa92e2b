// The chat photos in `npm run bench`: a 12 MP camera JPEG (orientation flag, EXIF with GPS)
// stored through POST /api/chat/attachments (turned upright, stripped, downscaled to 1568 px), one at a
// time, and five sent at once (the heavy gate lets two in and answers the rest 503 + Retry-After, which
// they honour). The server's peak RSS over the five is read from /proc after resetting it.
import fs from 'node:fs'
import sharp from 'sharp'

/**
 * The server's memory budget while it works on photos (docs/api.md, Limits and quotas): npm start's 128 MB of old space,
 * the young generation, and the photos' bytes and pixels outside the JS heap.
 */
export const PHOTO_RSS_BUDGET_MB = 256
export const PHOTO_STORE_TARGET_MS = 300
const SAMPLES = 7

type Row = [string, string, string, boolean | null]

/** A 12-megapixel camera JPEG (4000 × 3000, noisy like a photo, quality 85) with orientation 6 and GPS. */
export function twelveMegapixelJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'BenchCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer()
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Linux resets a process's peak RSS (VmHWM) when 5 is written to its clear_refs. */
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

async function uploadOnce(base: string, token: string, body: string): Promise<{ ms: number; busy: number }> {
  let busy = 0
  const started = performance.now()
  for (;;) {
    const res = await fetch(`${base}/api/chat/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    })
    const text = await res.text()
    if (res.status === 503) {
      busy++
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 2) * 1000))
      continue
    }
    if (res.status !== 200) throw new Error(`photo upload: ${res.status} ${text.slice(0, 200)}`)
    const stored = JSON.parse(text) as { width: number; height: number }
    if (Math.max(stored.width, stored.height) > 1568) throw new Error('photo upload: not downscaled')
    return { ms: performance.now() - started, busy }
  }
}

/** The table rows; `pid` is the server's process. */
export async function photoBenchRows(opts: {
  base: string
  pid: number
  token: string
  log: (message: string) => void
}): Promise<Row[]> {
  const { base, pid, token, log } = opts
  const jpeg = await twelveMegapixelJpeg()
  const body = JSON.stringify({
    data: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    mimetype: 'image/jpeg',
    originalname: 'IMG_0001.JPG',
  })
  log(`chat photos: a 12 MP JPEG (${(jpeg.length / 2 ** 20).toFixed(1)} MB), ${SAMPLES} one at a time`)
  await uploadOnce(base, token, body) // warm-up
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) times.push((await uploadOnce(base, token, body)).ms)

  log('chat photos: five at once')
  const reset = resetPeakRss(pid)
  const five = await Promise.all(Array.from({ length: 5 }, () => uploadOnce(base, token, body)))
  const peak = peakRssMb(pid)
  const retried = five.filter((r) => r.busy > 0).length
  return [
    [
      '12 MP JPEG stored (upright, stripped, 1568 px), upload to answer',
      `${median(times).toFixed(0)} ms (median of ${SAMPLES})`,
      `≤ ${PHOTO_STORE_TARGET_MS} ms`,
      median(times) <= PHOTO_STORE_TARGET_MS,
    ],
    [
      `five 12 MP JPEGs at once: all stored (${retried} after a 503 + Retry-After), server peak RSS`,
      `${peak.toFixed(0)} MB${reset ? '' : ' (since start)'}, slowest ${Math.max(...five.map((r) => r.ms)).toFixed(0)} ms`,
      `≤ ${PHOTO_RSS_BUDGET_MB} MB`,
      peak <= PHOTO_RSS_BUDGET_MB,
    ],
  ]
}
