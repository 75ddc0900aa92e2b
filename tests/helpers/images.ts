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
