// Real images for the photo tests, made with sharp: a camera JPEG with EXIF (GPS position included),
// an orientation flag and an ICC profile; small PNG and WebP; and a decompression bomb (a PNG that
// declares 20,000 × 20,000 pixels in a few KB).
import zlib from 'node:zlib'
import sharp from 'sharp'

/** A JPEG as a phone writes it: EXIF with the camera and a GPS position, orientation 6 (turn 90°), ICC. */
export function cameraJpeg(width = 400, height = 200, options: { quality?: number } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c08040' } })
    .jpeg({ quality: options.quality ?? 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'KittyCam', Model: 'Phone 12', Copyright: 'Test Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2631/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3976/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Home Town"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer()
}

export const smallPng = (width = 30, height = 20) =>
  sharp({ create: { width, height, channels: 4, background: '#40a0c0ff' } })
    .png()
    .toBuffer()

export const smallWebp = (width = 30, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: '#a040c0' } })
    .webp()
    .toBuffer()

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/** A valid-looking PNG header declaring `side` × `side` grey pixels, with a tiny compressed body. */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1 << 20))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A small JPEG whose frame header (SOF0) declares `side` × `side` pixels: a bomb by its header alone. */
export async function jpegBomb(side = 15_000): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
    .jpeg({ progressive: false })
    .toBuffer()
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]))
  jpeg.writeUInt16BE(side, frame + 5) // height
  jpeg.writeUInt16BE(side, frame + 7) // width
  return jpeg
}

/**
 * A 12 MP camera JPEG (4000 × 3000, orientation 6, GPS) with a red square in its stored top-left corner:
 * held upright (turned 90° clockwise) that corner is the top-right one.
 */
export async function cornerMarkedCameraJpeg(): Promise<Buffer> {
  const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer()
  const marked = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#2040c0' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer()
  return sharp(marked)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2631/100' } })
    .toBuffer()
}

/** The mean colour of a `size`-pixel square at (left, top) of an image. */
export async function meanColour(bytes: Uint8Array, left: number, top: number, size = 40) {
  // From the pixels: sharp's stats() reads the whole input, whatever extract() says.
  const pixels = await sharp(bytes)
    .extract({ left, top, width: size, height: size })
    .removeAlpha()
    .raw()
    .toBuffer()
  const sums = [0, 0, 0]
  for (let i = 0; i < pixels.length; i++) sums[i % 3]! += pixels[i]!
  return sums.map((sum) => Math.round(sum / (size * size)))
}

/** What sharp reads of an image's metadata blocks. */
export async function metadataBlocks(bytes: Uint8Array) {
  const m = await sharp(bytes).metadata()
  return {
    format: m.format,
    width: m.width,
    height: m.height,
    orientation: m.orientation,
    exif: m.exif !== undefined,
    xmp: m.xmp !== undefined,
    iptc: m.iptc !== undefined,
    icc: m.icc !== undefined,
  }
}
