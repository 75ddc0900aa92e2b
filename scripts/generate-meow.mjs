#!/usr/bin/env node
// Synthesises the thank-you screen's meow (client/public/sounds/meow.wav): a voiced tone whose pitch
// rises and falls like a cat's "mee-ow", shaped by two moving formants. No samples, no downloads:
//   node scripts/generate-meow.mjs [output.wav]
import fs from 'node:fs'
import path from 'node:path'

const SAMPLE_RATE = 16_000
const DURATION = 0.72
const out = process.argv[2] ?? path.join('client', 'public', 'sounds', 'meow.wav')

const smooth = (a, b, x) => a + (b - a) * (0.5 - 0.5 * Math.cos(Math.PI * Math.min(1, Math.max(0, x))))

/** Piecewise smooth curve through [time, value] points. */
function curve(points, t) {
  for (let i = 1; i < points.length; i++) {
    const [t0, v0] = points[i - 1]
    const [t1, v1] = points[i]
    if (t <= t1) return smooth(v0, v1, (t - t0) / (t1 - t0))
  }
  return points.at(-1)[1]
}

const pitch = [
  [0, 430],
  [0.12, 620],
  [0.3, 760],
  [0.5, 640],
  [DURATION, 470],
]
// "m" (closed, low), "ee" (high second formant), "ow" (open, then rounded).
const formant1 = [
  [0, 300],
  [0.12, 500],
  [0.32, 950],
  [0.55, 800],
  [DURATION, 450],
]
const formant2 = [
  [0, 1000],
  [0.12, 2100],
  [0.32, 1600],
  [0.55, 1100],
  [DURATION, 800],
]
const loudness = [
  [0, 0],
  [0.05, 0.55],
  [0.14, 0.85],
  [0.4, 1],
  [0.58, 0.7],
  [DURATION, 0],
]

const resonance = (frequency, centre, width) => Math.exp(-(((frequency - centre) / width) ** 2))

const count = Math.round(SAMPLE_RATE * DURATION)
const samples = new Float64Array(count)
let phase = 0
for (let n = 0; n < count; n++) {
  const t = n / SAMPLE_RATE
  const f0 = curve(pitch, t) * (1 + 0.012 * Math.sin(2 * Math.PI * 6 * t))
  phase += (2 * Math.PI * f0) / SAMPLE_RATE
  const f1 = curve(formant1, t)
  const f2 = curve(formant2, t)
  let value = 0
  for (let k = 1; k * f0 < SAMPLE_RATE / 2 - 500; k++) {
    const frequency = k * f0
    const gain = (resonance(frequency, f1, 260) + 0.6 * resonance(frequency, f2, 380) + 0.05) / k ** 0.6
    value += gain * Math.sin(k * phase)
  }
  samples[n] = value * curve(loudness, t)
}

const peak = samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0) || 1
const data = Buffer.alloc(count * 2)
for (let n = 0; n < count; n++) data.writeInt16LE(Math.round((samples[n] / peak) * 0.8 * 32_767), n * 2)

const header = Buffer.alloc(44)
header.write('RIFF', 0, 'ascii')
header.writeUInt32LE(36 + data.length, 4)
header.write('WAVE', 8, 'ascii')
header.write('fmt ', 12, 'ascii')
header.writeUInt32LE(16, 16) // PCM header size
header.writeUInt16LE(1, 20) // PCM
header.writeUInt16LE(1, 22) // mono
header.writeUInt32LE(SAMPLE_RATE, 24)
header.writeUInt32LE(SAMPLE_RATE * 2, 28) // byte rate
header.writeUInt16LE(2, 32) // block align
header.writeUInt16LE(16, 34) // bits per sample
header.write('data', 36, 'ascii')
header.writeUInt32LE(data.length, 40)

fs.mkdirSync(path.dirname(out), { recursive: true })
fs.writeFileSync(out, Buffer.concat([header, data]))
console.log(`Wrote ${out} (${(44 + data.length) / 1000} kB, ${DURATION} s)`)
