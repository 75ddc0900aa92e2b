// Image work behind a small interface (sharp, over libvips): apply the camera's orientation, drop every
// metadata block (EXIF with its GPS position, XMP, IPTC, the ICC profile: sharp writes none unless asked,
// converting to sRGB) and optionally downscale. Images declaring more than IMAGE_MAX_INPUT_PIXELS are
// refused from their header (`limitInputPixels`), so a decompression bomb is never decoded.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { default as SharpModule, SharpOptions } from 'sharp'
import { IMAGE_MAX_INPUT_PIXELS } from '../../shared/constants.ts'

// sharp (libvips, about 8 MB of resident memory) is loaded by the first image, not at start: an instance
// that serves no photo never carries it. One libvips worker thread per image and no operation cache:
// memory stays proportional to the images in flight, which the heavy gate bounds (server/http/heavy-gate.ts).
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
   * accepted by their type alone before: the original specification's sample PNG had a bad checksum).
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
  const loadOptions = {
    limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
    animated,
    failOn: options.lenient ? ('none' as const) : ('error' as const),
  }
  let shrunk: ShrunkJpeg | null = null
  try {
    shrunk = await jpegShrunkOnLoad(sharp, input, options, loadOptions)
    let image = sharp(shrunk?.source ?? input, loadOptions)
    // `rotate()` with no angle turns the pixels as the EXIF orientation says; the flag goes with the EXIF.
    if (!animated) image = image.rotate()
    if (options.maxSide) {
      // Mitchell, not sharp's default Lanczos 3: as sharp as a photo needs, and about 30 ms less on the
      // bench's 12 MP photo when it was still decoded whole (measured on the 2.55× reduction).
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
  } finally {
    shrunk?.remove()
  }
}

/**
 * libjpeg decodes a JPEG at 1/2, 1/4 or 1/8 of its size in the DCT itself (shrink-on-load), far faster
 * than decoding every pixel. sharp chooses it on its own, but never for a reduction between 2× and 3×: it
 * halves the factor whenever the reduction's integer part equals it (its pipeline.cc, "known libjpeg
 * rounding errors"). A 12 MP photo to 1568 px is 2.55×, so it was decoded whole: 311 of the 393 ms it
 * took, measured apart (docs/benchmark.md); at half size the decoding takes 140 to 175 ms. libvips takes
 * the factor as a load option only in a file name (`photo.jpg[shrink=2]`), so such a JPEG goes through a
 * file in a temporary folder of its own, removed once decoded. The factor is the largest that keeps the
 * long side at least `maxSide`, so sharp's own resize is left with less than 2× and never reloads.
 */
interface ShrunkJpeg {
  /** The file name with its load option, for sharp. */
  source: string
  remove: () => void
}

async function jpegShrunkOnLoad(
  sharp: typeof SharpModule,
  input: Uint8Array,
  options: CleanOptions,
  loadOptions: SharpOptions,
): Promise<ShrunkJpeg | null> {
  if (options.format !== 'jpeg' || !options.maxSide) return null
  // The header only: the pixel limit is checked here (it refuses a bomb), since the shrunk image that
  // sharp then opens is smaller than the one the header declares.
  const { width = 0, height = 0 } = await sharp(input, loadOptions).metadata()
  const maxSide = options.maxSide
  const factor = [8, 4, 2].find((f) => Math.max(width, height) / f >= maxSide)
  if (!factor) return null
  // A folder of its own for each photo (mode 0700; the file 0600), removed with it: no name to guess,
  // nothing shared between processes, and nothing left behind but by a process killed mid-decode.
  let folder: string
  try {
    folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), `kitty-image-${process.pid}-`))
  } catch {
    return null
  }
  const remove = () => fs.rmSync(folder, { recursive: true, force: true })
  const file = path.join(folder, 'photo.jpg')
  try {
    // A bracket would read as the start of libvips's load options.
    if (/[[\]]/.test(folder)) throw new Error('no load options can follow this path')
    await fs.promises.writeFile(file, input, { flag: 'wx', mode: 0o600 })
  } catch {
    // No writable temporary folder (a full disk, say) costs the owner nothing but the speed: the photo is
    // decoded whole from memory.
    remove()
    return null
  }
  return { source: `${file}[shrink=${factor}]`, remove }
}
