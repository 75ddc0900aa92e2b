// The part of fontkit (pdfkit's own font reader) the report uses to ask which font has a character.
declare module 'fontkit' {
  interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function openSync(path: string): Font
}
