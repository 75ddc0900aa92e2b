// Image work behind a small interface (sharp, over libvips): apply the camera's orientation, drop every
// metadata block (EXIF with its GPS position, XMP, IPTC, the ICC profile: sharp writes none unless asked,
// converting to sRGB) and optionally downscale. Images declaring more than IMAGE_MAX_INPUT_PIXELS are
// refused from their header (`limitInputPixels`), so a decompression bomb is never decoded.
import type SharpModule from 'sharp'
import { IMAGE_MAX_INPUT_PIXELS } from '../../shared/constants.ts'

// sharp (libvips, about 8 MB of resident memory) is loaded by the first image, not at start: an instance
// that serves no photo never carries it. One libvips worker thread per image and no operation cache:
// memory stays proportional to the images in flight, which the heavy gate bounds (server/heavy-gate.ts).
let loaded: Promise<typeof SharpModule> | null = null
function loadSharp(): Promise<typeof SharpModule> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1)
    sharp.cache(false)
    return sharp
  })
  return loaded
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif'

export interface CleanImage {
  data: Buffer
  format: ImageFormat
  width: number
  height: number
}

/** Why an image was refused: too many pixels (its header says so), or not an image libvips can read. */
export class ImageRefusedError extends Error {
  constructor(readonly reason: 'too-many-pixels' | 'unreadable') {
    super(reason === 'too-many-pixels' ? 'image has too many pixels' : 'image cannot be read')
  }
}

export interface CleanOptions {
  /** The format the bytes were sniffed as; the image is written back in it. */
  format: ImageFormat
  /** Downscale so the long side is at most this many pixels (never enlarged). */
  maxSide?: number
  /**
   * Keep what libvips can read of a damaged image instead of refusing it (profile photos, which were
   * accepted by their type alone before: SPEC §7's own sample PNG has a bad checksum).
   */
  lenient?: boolean
}

/**
 * One image is decoded at a time, server-wide: a 12 MP photo turned upright holds tens of MB outside the
 * JS heap while it is worked on, and two uploads the heavy gate lets in would hold twice that. Each
 * takes a fraction of a second, so the second waits briefly instead of doubling the peak.
 */
let imageQueue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(work, work)
  imageQueue = run.catch(() => {})
  return run
}

/** The image upright, stripped of its metadata, within `maxSide`; throws ImageRefusedError. */
export function cleanImage(input: Uint8Array, options: CleanOptions): Promise<CleanImage> {
  return oneAtATime(() => encodeClean(input, options))
}

async function encodeClean(input: Uint8Array, options: CleanOptions): Promise<CleanImage> {
  // A GIF keeps its frames (a profile photo may be animated; GIFs carry no orientation to apply).
  const animated = options.format === 'gif'
  const sharp = await loadSharp()
  try {
    let image = sharp(input, {
      limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
      animated,
      failOn: options.lenient ? 'none' : 'error',
    })
    // `rotate()` with no angle turns the pixels as the EXIF orientation says; the flag goes with the EXIF.
    if (!animated) image = image.rotate()
    if (options.maxSide) {
      // Mitchell, not sharp's default Lanczos 3: as sharp as a photo needs at a 2.5× reduction, and it cut
      // the bench's 12 MP photo by about 30 ms of the 300 ms it is allowed (decoding it takes 200 of them).
      image = image.resize(options.maxSide, options.maxSide, {
        fit: 'inside',
        withoutEnlargement: true,
        kernel: 'mitchell',
      })
    }
    const encoded =
      options.format === 'jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: false })
        : options.format === 'png'
          ? image.png()
          : options.format === 'webp'
            ? image.webp({ quality: 85 })
            : image.gif()
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    const height = info.pageHeight && info.pageHeight > 0 ? info.pageHeight : info.height
    return { data, format: options.format, width: info.width, height }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRefusedError('too-many-pixels')
    }
    throw new ImageRefusedError('unreadable')
  }
}
