// The vet report in every script (docs/product.md §11: "every name in it comes out as typed, in any script;
// an emoji may be left out, never garbled"): GET /api/care/report.pdf read back with pdftotext.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

function pdfFile(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-scripts-')), 'report.pdf')
  fs.writeFileSync(file, bytes)
  return file
}
/**
 * The PDF's text. poppler wraps right-to-left text in bidi embedding marks (U+202A to U+202E), which
 * say how to show it, not what it says: they are taken out before comparing.
 */
const pdftotext = (file: string) =>
  execFileSync('pdftotext', [file, '-'])
    .toString()
    .replace(/[\u202A-\u202E]/g, '')
const pdfinfo = (file: string) => execFileSync('pdfinfo', [file]).toString()

async function reportOf(name: string, medications = 'None') {
  const { owner } = await subscriberWithCat(t, { cat: { name, medications } })
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/care/report.pdf',
    headers: { authorization: `Bearer ${owner.token}` },
  })
  expect(res.statusCode).toBe(200)
  return pdfFile(res.rawPayload)
}

const NAMES: Array<[string, string]> = [
  ['Chinese with pinyin', '小咪 (Xiǎo Mī)'],
  ['Japanese', 'さくら 桜'],
  ['Korean', '나비'],
  ['Arabic', 'قطة صغيرة'],
  ['Hebrew', 'חתולה'],
  ['Cyrillic', 'Мурка'],
  ['Greek', 'Γάτα'],
  ['accented Latin', 'Zoë Ñandú Łucja'],
]

describe('names in every script come back exactly from the PDF', () => {
  it.each(NAMES)('%s: %s', async (_script, name) => {
    const text = pdftotext(await reportOf(name, `${name} drops`))
    expect(text).toContain(`Health report: ${name}`)
    // A note that mixes scripts: the name inside it too (poppler may move a space at a change of
    // direction, so only the name is compared).
    expect(text).toContain(name)
    expect(text.split(name).length).toBeGreaterThanOrEqual(3)
  })

  it('an emoji is left out, never garbled; the joiner inside it goes with it', async () => {
    const text = pdftotext(await reportOf('🐈‍⬛ Luna 😺'))
    expect(text).toContain('Health report: Luna')
    expect(text).not.toMatch(/\uFFFD|\u200D|\uFE0F|\p{Extended_Pictographic}/u)
  })
})

describe('the PDF is tagged', () => {
  it('marked as tagged, with a title shown and a language', async () => {
    const file = await reportOf('Mochi')
    const info = pdfinfo(file)
    expect(info).toMatch(/Tagged:\s+yes/)
    expect(info).toMatch(/Title:\s+Kitty Care health report: Mochi/)
    const raw = fs.readFileSync(file).toString('latin1')
    expect(raw).toMatch(/\/Lang \(en-US\)/)
    expect(raw).toMatch(/\/DisplayDocTitle true/)
  })

  it('embeds its fonts as subsets, not the built-in Helvetica', async () => {
    const file = await reportOf('小咪')
    const fonts = execFileSync('pdffonts', [file]).toString()
    expect(fonts).not.toMatch(/Helvetica/)
    // A subset (pdfkit's per-document subsetting): the report stays small with a CJK font in it.
    expect(fs.statSync(file).size).toBeLessThan(400_000)
  })
})
