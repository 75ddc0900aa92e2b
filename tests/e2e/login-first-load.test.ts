import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'

// /login's first load is the screen alone: the sign-in form's code (react-hook-form, zod, the
// data layer) comes on the owner's first keystroke, click or tap, and takes over what was done before it
// arrived. Its chunk is held back here until the test lets it through, so the takeover is what is tested.

let t: BrowserTest
const FORM_CHUNK = /\/assets\/LoginForm-[\w-]+\.js$/

beforeAll(async () => {
  // The real clock: the test reads the page's Resource Timing entries, which the fake clock's
  // `performance` does not keep.
  t = await startBrowserTest({ clock: false })
  // Every Content-Security-Policy violation the page reports, caught or not.
  await t.context.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
})
afterAll(async () => {
  await t?.close()
})

/** Holds the form's chunk until `release()`; `asked()` says whether the page has asked for it. */
async function holdForm() {
  let asked = false
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const handler = async (route: Route) => {
    asked = true
    await released
    await route.continue()
  }
  await t.page.route(FORM_CHUNK, handler)
  return { asked: () => asked, release, stop: () => t.page.unroute(FORM_CHUNK, handler) }
}

/** Marks the first paint's e-mail input; the form's own input replaces it when the form arrives. */
async function markFirstPaint() {
  await t.page.evaluate(() => Object.assign(document.getElementById('login-email')!, { firstPaint: true }))
}
const formArrived = () =>
  t.page.evaluate(
    () => !(document.getElementById('login-email') as { firstPaint?: boolean } | null)?.firstPaint,
  )
const cspViolations = () =>
  t.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)

describe('/login first load', () => {
  it('asks for no form code until the owner acts, then keeps the typing and the focus', async () => {
    const hold = await holdForm()
    await t.page.goto('/login', { waitUntil: 'networkidle' })
    const email = t.page.getByLabel('Email')
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.id)).toBe('login-email')
    await markFirstPaint()
    expect(hold.asked()).toBe(false)

    await email.pressSequentially('owner@')
    await expect.poll(hold.asked).toBe(true)
    expect(await formArrived()).toBe(false)
    hold.release()
    await expect.poll(formArrived).toBe(true)
    // The form's own input: what was typed, and the focus, so typing goes on where it was.
    await t.page.keyboard.type('example.com')
    expect(await email.inputValue()).toBe('owner@example.com')
    expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('login-email')
    await hold.stop()
    expect(await cspViolations()).toEqual([])
  })

  it('hands over the chosen way in and a submit made before the form arrived, which it checks', async () => {
    const hold = await holdForm()
    await t.page.goto('/login', { waitUntil: 'networkidle' })
    await markFirstPaint()
    await t.page.getByRole('button', { name: 'Sign in with password instead' }).click()
    await t.page.getByLabel('Email').fill('owner@example')
    await t.page.getByRole('button', { name: 'Sign in' }).click()
    expect(await formArrived()).toBe(false)
    hold.release()

    // The shared schemas' messages for the address and the missing password, on the password way in.
    await t.page.getByText('Please enter a valid email address').waitFor()
    await t.page.getByText('Password is required').waitFor()
    expect(await formArrived()).toBe(true)
    expect(await t.page.getByLabel('Email').inputValue()).toBe('owner@example')
    expect(await t.page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
    expect(await t.page.getByRole('button', { name: 'Email me a login code instead' }).count()).toBe(1)
    await hold.stop()
    // zod runs without its eval probe: the page's CSP sees no violation (Lighthouse "inspector-issues").
    expect(await cspViolations()).toEqual([])
  })

  it('keeps a click whose press started the load, when the form arrives before the press ends', async () => {
    const hold = await holdForm()
    await t.page.goto('/login', { waitUntil: 'networkidle' })
    await markFirstPaint()
    const toPassword = t.page.getByRole('button', { name: 'Sign in with password instead' })
    const box = (await toPassword.boundingBox())!
    await t.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await t.page.mouse.down()
    await expect.poll(hold.asked).toBe(true)
    hold.release()
    // The form's code is in the page before the button is let go (it waits for the press to end).
    await expect
      .poll(() =>
        t.page.evaluate(() =>
          performance.getEntriesByType('resource').some((r) => /LoginForm-/.test(r.name)),
        ),
      )
      .toBe(true)
    await t.page.mouse.up()
    await t.page.getByRole('button', { name: 'Forgot your password?' }).waitFor({ timeout: 5000 })
    await expect.poll(formArrived).toBe(true)
    await hold.stop()
  })
})
