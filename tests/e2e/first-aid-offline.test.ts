// The first-aid guide with no network (docs/first-aid.md), in Chromium with the app's service worker:
// after one visit with a connection, an owner and a sitter, at the desktop and the phone size, turn the
// network off and still open /first-aid, a situation's numbered steps, the CPR beat and the cat's
// emergency card with the vet's tel: link; the phone size does not scroll sideways. The sitter reaches
// the card from the emergency card of their Care page, the owner the guide from the sidebar.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestForFile, DESKTOP_AND_PHONE } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile({ serviceWorkers: 'allow', clock: false })

type Size = (typeof DESKTOP_AND_PHONE)[number]

async function householdWithVets(tag: string) {
  const owner = await t.signIn(`owner-aid-${tag}@example.com`)
  await grantSubscription(t.db, owner.id, { status: 'active' })
  const cat = await t.db.cat.create({
    data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', age: 9, medicalConditions: 'Diabetic' },
  })
  await (await t.caller(owner.token)).record.updateVets({
    cat_id: cat.id,
    usual: { name: 'Oakwood Vets', phone: '0123 456 789', address: '1 Oak Lane, Leeds' },
    emergency: { name: 'City Pet ER', phone: '020 7946 0000' },
  })
  const sitter = await t.signIn(`sitter-aid-${tag}@example.com`)
  await t.db.householdMember.create({
    data: {
      ownerId: owner.id,
      memberId: sitter.id,
      role: 'sitter',
      catIds: [cat.id],
      accessEndsAt: new Date(Date.now() + 3 * 86_400_000),
    },
  })
  return { owner, sitter, cat }
}

async function signedInContext(size: Size, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await t.browser.newContext({
    baseURL: t.baseUrl,
    viewport: { width: size.width, height: size.height },
    serviceWorkers: 'allow',
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => t.pageErrors.push(error.message))
  await page.goto('/healthz')
  await page.evaluate(
    (session) => {
      localStorage.setItem('token', session.token)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
    },
    { token },
  )
  return { context, page }
}

/** Until the app's worker controls `page` (it claims open pages once it has installed). */
async function untilControlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 })
    .toMatch(/\/sw\.js$/)
}

async function noSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  expect(scroll).toBeLessThanOrEqual(width)
}

/** With the network off: the guide, a situation, the CPR page and the card all open. */
async function offlineWalk(page: Page, catId: number, name: string) {
  await page.goto('/first-aid')
  await page.getByRole('heading', { name: 'First aid for cats', level: 1 }).waitFor()
  const situations = page.getByRole('navigation', { name: 'First-aid situations' }).getByRole('link')
  // The heading is drawn at once, the list once the guide is read (from the worker's copy).
  await situations.first().waitFor()
  expect(await situations.count()).toBeGreaterThanOrEqual(25)
  const poison = page.getByRole('link', { name: /ASPCA Animal Poison Control/ })
  expect(await poison.getAttribute('href')).toBe('tel:8884264435')
  await noSidewaysScroll(page)
  await page.screenshot({ path: `tests/.artifacts/first-aid-${name}.png`, fullPage: true })

  await page.getByRole('link', { name: 'Straining and not passing urine (above all a tom)' }).click()
  await page.getByRole('heading', { name: /not passing urine/, level: 1 }).waitFor()
  const steps = page.locator('ol.first-aid__steps > li')
  expect(await steps.count()).toBeGreaterThanOrEqual(3)
  expect(await steps.count()).toBeLessThanOrEqual(4)
  expect(await page.getByRole('heading', { name: "Don't" }).count()).toBe(1)
  expect(await page.getByText(/Don't press on his belly/).count()).toBe(1)
  await noSidewaysScroll(page)

  // A page opened directly (not from the index) offline too: the worker serves every /first-aid path.
  await page.goto('/first-aid/cpr')
  await page.getByRole('heading', { name: 'Not breathing: CPR', level: 1 }).waitFor()
  const pulse = page.locator('.cpr-beat__pulse')
  expect(Number(await pulse.getAttribute('data-bpm'))).toBeGreaterThanOrEqual(100)
  expect(Number(await pulse.getAttribute('data-bpm'))).toBeLessThanOrEqual(120)
  await page.getByRole('button', { name: 'Start the beat' }).click()
  await expect.poll(() => page.locator('.cpr-beat__count').innerText()).toMatch(/Compression [2-9]/)
  // The visual beat: one pulse each 60/110 s.
  expect(await pulse.evaluate((node) => getComputedStyle(node).animationDuration)).toMatch(/^0\.54/)
  await page.getByRole('button', { name: 'Stop the beat' }).click()
  await noSidewaysScroll(page)

  await page.goto(`/first-aid/card?cat=${catId}`)
  await page.getByRole('heading', { name: 'Emergency card: Mochi' }).waitFor()
  expect(await page.getByText('Diabetic').count()).toBe(1)
  expect(await page.getByRole('link', { name: '0123 456 789' }).getAttribute('href')).toBe('tel:0123456789')
  expect(await page.getByRole('link', { name: '020 7946 0000' }).getAttribute('href')).toBe('tel:02079460000')
  const map = page.getByRole('link', { name: /1 Oak Lane, Leeds/ })
  expect(await map.getAttribute('href')).toContain('maps/search/?api=1&query=1%20Oak%20Lane%2C%20Leeds')
  await noSidewaysScroll(page)
  await page.screenshot({ path: `tests/.artifacts/first-aid-card-${name}.png`, fullPage: true })
}

describe.each(DESKTOP_AND_PHONE)('first aid offline at $name ($width×$height)', (size) => {
  it('an owner: one visit online, then the guide, a situation, CPR and the card with the network off', async () => {
    const { owner, cat } = await householdWithVets(`owner-${size.name}`)
    const { context, page } = await signedInContext(size, owner.token)
    try {
      await page.goto('/first-aid')
      await page.getByRole('heading', { name: 'First aid for cats', level: 1 }).waitFor()
      if (size.name === 'desktop') {
        // The sidebar leads here.
        const entry = page.getByRole('link', { name: 'First aid' })
        await entry.waitFor()
        expect(await entry.getAttribute('href')).toBe('/first-aid')
      }
      await untilControlled(page)
      // The one visit that keeps the card: the worker keeps what it answered.
      await page.goto(`/first-aid/card?cat=${cat.id}`)
      await page.getByRole('heading', { name: 'Emergency card: Mochi' }).waitFor()
      await context.setOffline(true)
      await offlineWalk(page, cat.id, `owner-${size.name}`)
    } finally {
      await context.close()
    }
  })

  it('a sitter: from the emergency card of their Care page, then everything with the network off', async () => {
    const { sitter, cat } = await householdWithVets(`sitter-${size.name}`)
    const { context, page } = await signedInContext(size, sitter.token)
    try {
      await page.goto('/care')
      await page.getByRole('heading', { name: 'Emergency card', level: 2 }).waitFor()
      await untilControlled(page)
      await page.getByRole('link', { name: 'Open the card for offline use' }).click()
      await page.getByRole('heading', { name: 'Emergency card: Mochi' }).waitFor()
      await context.setOffline(true)
      await offlineWalk(page, cat.id, `sitter-${size.name}`)
    } finally {
      await context.close()
    }
  })
})
