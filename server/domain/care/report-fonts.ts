// The vet report's fonts (docs/product.md §11: every name comes out as typed, in any script). pdfkit's
// built-in Helvetica has Latin-1 only, so the report embeds Noto fonts from npm (the @embedpdf/fonts-*
// packages ship whole TTF/OTF files, which pdfkit reads and subsets per document) and picks one per run of
// characters: Noto Sans for Latin, Cyrillic and Greek; Noto Sans Hans for Chinese and Japanese (kana and
// kanji); Noto Sans KR for Hangul; Noto Naskh Arabic; Noto Sans Hebrew. Emoji are left out: no font here
// draws them, and a missing glyph would print as an empty box.
import { createRequire } from 'node:module'
import path from 'node:path'
import * as fontkit from 'fontkit'

const require = createRequire(import.meta.url)

/** The fonts folder of one of the @embedpdf/fonts-* packages (they export only their index). */
const fontsOf = (pkg: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts')

export type Face = 'latin' | 'cjk' | 'korean' | 'arabic' | 'hebrew'

/** In the order a character is tried: the first face that has it draws it. */
const FACES: readonly Face[] = ['latin', 'cjk', 'korean', 'arabic', 'hebrew']
const RIGHT_TO_LEFT = new Set<Face>(['arabic', 'hebrew'])

const FILES: Record<Face, { regular: string; bold: string }> = {
  latin: {
    regular: path.join(fontsOf('@embedpdf/fonts-latin'), 'NotoSans-Regular.ttf'),
    bold: path.join(fontsOf('@embedpdf/fonts-latin'), 'NotoSans-Bold.ttf'),
  },
  cjk: {
    regular: path.join(fontsOf('@embedpdf/fonts-sc'), 'NotoSansHans-Regular.otf'),
    bold: path.join(fontsOf('@embedpdf/fonts-sc'), 'NotoSansHans-Bold.otf'),
  },
  korean: {
    regular: path.join(fontsOf('@embedpdf/fonts-kr'), 'NotoSansKR-Regular.otf'),
    bold: path.join(fontsOf('@embedpdf/fonts-kr'), 'NotoSansKR-Bold.otf'),
  },
  arabic: {
    regular: path.join(fontsOf('@embedpdf/fonts-arabic'), 'NotoNaskhArabic-Regular.ttf'),
    bold: path.join(fontsOf('@embedpdf/fonts-arabic'), 'NotoNaskhArabic-Bold.ttf'),
  },
  hebrew: {
    regular: path.join(fontsOf('@embedpdf/fonts-hebrew'), 'NotoSansHebrew-Regular.ttf'),
    bold: path.join(fontsOf('@embedpdf/fonts-hebrew'), 'NotoSansHebrew-Bold.ttf'),
  },
}

/** pdfkit's name of a face in a weight (registerReportFonts registers them all). */
export const fontName = (face: Face, bold = false) => `${face}-${bold ? 'bold' : 'regular'}`

/**
 * The Latin faces, parsed once and shared by every report: each report draws with them, and parsing them
 * again per report (pdfkit does so for a file's path) was most of a report's time (docs/benchmark.md).
 * pdfkit takes a parsed font as it takes a file, and subsets it per document. The other scripts' files
 * stay paths, read by the reports that use them: kept parsed, the CJK faces would hold tens of MB.
 */
const latin: { regular?: fontkit.Font; bold?: fontkit.Font } = {}
function latinFont(bold: boolean): fontkit.Font {
  const weight = bold ? 'bold' : 'regular'
  latin[weight] ??= fontkit.openSync(FILES.latin[weight])
  return latin[weight]
}

/** pdfkit takes a parsed fontkit font where its types name a path or bytes (PDFFontFactory.open). */
const asSource = (font: fontkit.Font) => font as unknown as string

/** The document's default font (the regular Latin face), so Helvetica is never loaded. */
export const defaultFont = () => asSource(latinFont(false))

/** Registers every face under fontName's names; pdfkit reads another script's file only when it is used. */
export function registerReportFonts(doc: PDFKit.PDFDocument): void {
  for (const face of FACES) {
    const regular = face === 'latin' ? asSource(latinFont(false)) : FILES[face].regular
    const bold = face === 'latin' ? asSource(latinFont(true)) : FILES[face].bold
    doc.registerFont(fontName(face), regular)
    doc.registerFont(fontName(face, true), bold)
  }
}

// Coverage is asked of the regular weight (the bold one has the same characters). A face's file is
// read the first time a character needs it: a Latin-only report never opens the CJK font.
const opened = new Map<Face, fontkit.Font>()
function covers(face: Face, codePoint: number): boolean {
  let font = face === 'latin' ? latinFont(false) : opened.get(face)
  if (!font) {
    font = fontkit.openSync(FILES[face].regular)
    opened.set(face, font)
  }
  return font.hasGlyphForCodePoint(codePoint)
}

/**
 * Emoji and what only makes sense inside one: the joiner (U+200D) of a sequence like 🐈‍⬛, variation
 * selector 16, skin tones, keycaps, tags and regional indicators (flags).
 */
const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u200D\uFE0F\u20E3\u{E0020}-\u{E007F}\u{1F1E6}-\u{1F1FF}]/gu

/** Spaces and punctuation: they take the face of the text around them. */
const NEUTRAL = /[\p{White_Space}\p{P}\p{S}]/u

export interface TextRun {
  face: Face
  text: string
}

/**
 * `text` cut into runs of one face each. A neutral character goes with the text before it, or with a
 * right-to-left run on both sides of it, so "قطة صغيرة" stays one run that pdfkit lays out from right to
 * left as a whole (fontkit orders an Arabic or Hebrew run itself). Emoji and anything no face has are
 * left out.
 */
export function textRuns(text: string): TextRun[] {
  const chars = [...text.replace(EMOJI, '')]
  const strong: Array<Face | null | 'none'> = chars.map((char) => {
    if (NEUTRAL.test(char)) return null
    const codePoint = char.codePointAt(0) as number
    return FACES.find((face) => covers(face, codePoint)) ?? 'none'
  })
  const faces: Array<Face | 'none'> = chars.map((char, i) => {
    const own = strong[i]
    if (own !== null && own !== undefined) return own
    const codePoint = char.codePointAt(0) as number
    const before = strong.slice(0, i).findLast((f): f is Face => f !== null && f !== 'none')
    const after = strong.slice(i + 1).find((f): f is Face => f !== null && f !== 'none')
    const candidates: Face[] = []
    if (before && RIGHT_TO_LEFT.has(before) && before === after) candidates.push(before)
    else if (before && !RIGHT_TO_LEFT.has(before)) candidates.push(before)
    candidates.push('latin')
    return candidates.find((face) => covers(face, codePoint)) ?? 'none'
  })
  const runs: TextRun[] = []
  chars.forEach((char, i) => {
    const face = faces[i]
    if (face === 'none' || face === undefined) return
    const last = runs.at(-1)
    if (last?.face === face) last.text += char
    else runs.push({ face, text: char })
  })
  return runs
}

/**
 * A right-to-left run as pieces written from left to right: its words in reverse order, each laid out
 * by fontkit (which draws an Arabic or Hebrew word from right to left), with Latin spaces between. A
 * reader sees the run in reading order, and text extraction (pdftotext) gives it back in reading order.
 */
function visualOrder(run: TextRun): TextRun[] {
  if (!RIGHT_TO_LEFT.has(run.face)) return [run]
  return run.text
    .split(/(\s+)/)
    .filter((part) => part !== '')
    .reverse()
    .map((part) => (/^\s+$/.test(part) ? { face: 'latin', text: part } : { face: run.face, text: part }))
}

/** A piece of a line: its text and weight. */
export interface Segment {
  text: string
  bold?: boolean
}

/**
 * Writes `segments` as one paragraph, each cut into runs of the face that has its characters
 * (pdfkit's `continued` text keeps them on the same lines and wraps them together).
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  segments: readonly Segment[],
  options: PDFKit.Mixins.TextOptions = {},
) {
  const pieces = segments.flatMap((segment) =>
    textRuns(segment.text).flatMap((run) =>
      visualOrder(run).map((piece) => ({ ...piece, bold: segment.bold === true })),
    ),
  )
  pieces.forEach((piece, i) => {
    const last = i === pieces.length - 1
    doc.font(fontName(piece.face, piece.bold)).text(piece.text, { ...options, continued: !last })
  })
  // Later text in the default face, as before the paragraph.
  doc.font(fontName('latin'))
}
