// No question asked twice. The short quiz asks the cat's age; the interview then asks the
// other fields and not the age again (it keeps the quiz's answer), at both sizes.
import { beforeEach, describe, expect, it } from 'vitest'
import { browserTestForFile, paced, signedOut, untilPath } from '../helpers/browser.ts'
import { answer, assistantTexts } from '../helpers/interview-page.ts'

const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

describe('the interview after the quiz', () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`does not ask the age the quiz already asked at ${size.width}×${size.height}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      // What the short quiz (/start) leaves behind: the cat's age in years.
      await page.evaluate(() => localStorage.setItem('age', '3'))
      await page.goto('/onboarding')
      await untilPath(page, '/interview', 20_000)
      await expect
        .poll(
          paced(page, async () => (await assistantTexts(page)).at(-1) ?? ''),
          { timeout: 20_000 },
        )
        .toMatch(/name/i)
      await answer(page, 'Her name is Luna', /Luna/)
      await answer(page, 'She scratches the sofa', /breed/i)
      await answer(page, 'maine coon', /active/i)
      expect((await assistantTexts(page)).filter((line) => /how old/i.test(line))).toEqual([])
      expect(await page.evaluate(() => localStorage.getItem('age'))).toBe('3')
    })
  }
})
