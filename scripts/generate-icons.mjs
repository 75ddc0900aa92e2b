// Writes the app's PNG icons from client/public/logo.svg with sharp (run by hand after the logo changes;
// the PNGs are committed): 192 and 512 px for the web app manifest, a maskable 512 px one (the logo
// inside the safe zone, the 80 % circle, on the theme colour, so launchers may crop it to any shape),
// and the 180 px apple-touch-icon (iOS ignores the manifest's icons and any transparency).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'public')
const logo = fs.readFileSync(path.join(publicDir, 'logo.svg'))
const WHITE = '#ffffff'

/** The logo at `inner` px, centred on a `size` px square of `background` (transparent if null). */
async function icon(file, size, inner, background) {
  const art = await sharp(logo, { density: 72 * Math.ceil(inner / 64) * 2 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
  const canvas = sharp({
    create: {
      width: size,
      height: size,
      channels: 4,
      background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
  const offset = Math.round((size - inner) / 2)
  await canvas
    .composite([{ input: art, top: offset, left: offset }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, file))
}

await icon('icon-192.png', 192, 176, null)
await icon('icon-512.png', 512, 472, null)
// Maskable: the whole logo within the central 80 % circle (diameter 410 px of 512); white behind it,
// since the logo itself is drawn in the theme colour.
await icon('icon-maskable-512.png', 512, 280, WHITE)
await icon('apple-touch-icon.png', 180, 148, WHITE)
