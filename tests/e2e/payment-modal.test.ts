// The payment modal is a native modal dialog (Tab stays inside it, Escape closes it) whose
// "Pay $1.99 and start" button stays in view, on a 390×844 phone too and with an error shown.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, continueToCardStep, replaceSession, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
afterAll(async () => {
  await t?.close()
})

let counter = 0

async function signedIn() {
  const email = `modal${++counter}-${Date.now()}@example.com`
  const { id, token } = await t.signIn(email)
  const cat = await t.db.cat.create({ data: { userId: id, name: 'Tom', breed: 'Siamese' } })
  await replaceSession(t.page, '/privacy', token, {
    email,
    interview_completed: 'true',
    catId: String(cat.id),
    cat_name: 'Tom',
  })
}

/** Whether the element is inside the viewport and not covered at its centre. */
function fullyInView(page: Page, name: RegExp) {
  return page.getByRole('button', { name }).evaluate((button) => {
    const box = button.getBoundingClientRect()
    const x = box.left + box.width / 2
    const y = box.top + box.height / 2
    const inside =
      box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth
    return inside && button.contains(document.elementFromPoint(x, y))
  })
}

async function openCardStep(page: Page) {
  await page.goto('/paywall')
  const dialog = await continueToCardStep(page)
  await dialog.getByRole('heading', { name: 'Payment Details' }).waitFor()
  return dialog
}

describe('the payment modal at 1280×800', () => {
  beforeAll(async () => {
    t = await startBrowserTest()
  })

  it('is a modal dialog: Tab never leaves it, Escape closes it and gives focus back', async () => {
    await signedIn()
    const page = t.page
    await page.goto('/paywall')
    const opener = page.getByRole('button', { name: 'Continue' })
    await opener.click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Contact Information' }).waitFor()
    expect(await dialog.evaluate((d) => d.tagName === 'DIALOG' && (d as HTMLDialogElement).open)).toBe(true)
    expect(await page.evaluate(() => document.querySelector('dialog:modal') !== null)).toBe(true)

    const outside: string[] = []
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      const where = await page.evaluate(() => {
        const active = document.activeElement
        if (!active || active === document.body) return 'none'
        return active.closest('dialog') ? 'inside' : `${active.tagName}:${active.textContent?.slice(0, 30)}`
      })
      if (where !== 'inside' && where !== 'none') outside.push(where)
    }
    expect(outside).toEqual([])

    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true)
  })

  it('thanks and meows once per subscription: a returning subscriber goes straight to the specialist', async () => {
    await signedIn()
    const page = t.page
    const dialog = await openCardStep(page)
    await page.evaluate(() => {
      ;(window as unknown as { sounds: string[] }).sounds = []
      window.addEventListener('kitty-sound', (e) =>
        (window as unknown as { sounds: string[] }).sounds.push((e as CustomEvent).detail),
      )
    })
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242')
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34')
    await dialog.getByLabel('CVC').fill('123')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await dialog.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sounds: string[] }).sounds))
      .toEqual(['meow'])

    // A new sign-in on this browser: storage is cleared but for the session; the server knows the rest.
    await page.evaluate(() => {
      const keep = ['token', 'expiry', 'email', 'interview_completed', 'catId', 'cat_name']
      for (const key of Object.keys(localStorage)) if (!keep.includes(key)) localStorage.removeItem(key)
    })
    await page.goto('/paywall')
    await page.waitForURL('**/cat-assistant')
    expect(await page.getByText('Thank you for subscribing!').count()).toBe(0)
  })
})

describe('the payment modal on a 390×844 phone', () => {
  beforeAll(async () => {
    await t?.close()
    t = await startBrowserTest({ viewport: { width: 390, height: 844 } })
  })

  it('keeps Next and "Pay $1.99 and start" in view, also with the declined-card error shown', async () => {
    await signedIn()
    const page = t.page
    await page.goto('/paywall')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('dialog').getByRole('heading', { name: 'Contact Information' }).waitFor()
    expect(await fullyInView(page, /^Next$/)).toBe(true)
    await page.keyboard.press('Escape')

    const dialog = await openCardStep(page)
    expect(await fullyInView(page, /^Pay \$1\.99 and start$/)).toBe(true)
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002')
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34')
    await dialog.getByLabel('CVC').fill('123')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await dialog.getByRole('alert').waitFor()
    expect(await dialog.getByRole('alert').innerText()).toContain('Your card was declined')
    await t.screenshot('payment-modal-phone-error')
    expect(await fullyInView(page, /^Pay \$1\.99 and start$/)).toBe(true)
  })
})
