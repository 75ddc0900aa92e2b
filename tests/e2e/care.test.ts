// The care loop in Chromium at 390 × 844: the owner edits the check-in plan on /care; a
// reminder goes out through the job worker to the SMTP double, its link opens the chat on the check-in,
// and the owner answers it with a weight. axe finds nothing on either screen.
import { AxeBuilder } from '@axe-core/playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserTestWithSmtp } from '../helpers/browser.ts'
import { careSubscriber } from '../helpers/subscribers.ts'
import { mailedUnsubscribeToken } from '../helpers/unsubscribe-link.ts'

const PUBLIC_URL = 'https://care.example.test'
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const EMAIL = 'care-browser@example.com'

const { t, smtp } = browserTestWithSmtp({
  viewport: { width: 390, height: 844 },
  env: { PUBLIC_URL },
  jobs: { pollingIntervalSeconds: 0.5, sweepIntervalMs: 200 },
})
let owner: { id: number; token: string }
let catId: number

beforeAll(async () => {
  const subscriber = await careSubscriber(t, EMAIL, 'care')
  owner = subscriber.owner
  catId = subscriber.catId
  await t.storeSession(owner.token, { email: EMAIL })
}, 120_000)

async function axeViolations() {
  await t.page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page: t.page }).withTags(WCAG_22_AA).analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('the care loop at 390 × 844', () => {
  it('edits the plan on /care: rhythm, days as toggles, the time; the zone is shown by name', async () => {
    const { page } = t
    await page.goto('/care')
    const plan = page.getByRole('region', { name: 'Check-in plan' })
    await plan.waitFor()
    await expect(plan.getByText(/Time zone:/).innerText()).resolves.toMatch(/Time zone: .+/)
    await plan.getByRole('button', { name: 'Weekly', exact: true }).click()
    await plan.getByRole('button', { name: 'Saturday' }).click()
    expect(await plan.getByRole('button', { name: 'Saturday' }).getAttribute('aria-pressed')).toBe('true')
    await plan.getByLabel('Reminder time').fill('18:45')
    await plan.getByRole('button', { name: 'Save plan' }).click()
    await plan.getByText('Plan saved.').waitFor()
    await plan.getByText(/Next check-in: Saturday/).waitFor()
    const row = await t.db.carePlan.findUniqueOrThrow({ where: { catId } })
    expect(row).toMatchObject({ checkInPeriod: 'Weekly', trainingDays: ['Saturday'], reminderTime: '18:45' })
    expect(await axeViolations()).toEqual([])
    await t.screenshot('care-plan-390')
  })

  it("opens a check-in from the e-mail's link and answers it with a weight", async () => {
    const since = Date.now()
    // Its minute has come: the due time is moved into the past in the database.
    await t.db.carePlan.update({ where: { catId }, data: { nextCheckInAt: new Date(Date.now() - 1000) } })
    const mail = await smtp.waitForMail(EMAIL, { since })
    const link = /https:\/\/care\.example\.test\/cat-assistant\?check_in=\d+/.exec(mail.decoded)?.[0]
    expect(link).toBeTruthy()
    const { page } = t
    await page.goto(link!.replace(PUBLIC_URL, t.baseUrl))
    const card = page.getByRole('region', { name: /Check-in with/ })
    await card.getByText("Mochi's check-in").waitFor()
    await card.getByLabel(/Weight/).fill('8.6')
    await card.getByRole('button', { name: 'Send check-in' }).click()
    await card.getByText('Check-in done. Thank you!').waitFor()
    const checkIn = await t.db.checkIn.findFirstOrThrow({ where: { catId } })
    expect(checkIn).toMatchObject({ status: 'done', weight: 8.6, unit: 'Lbs' })
    expect(await t.db.weightEntry.count({ where: { catId, weight: 8.6 } })).toBe(1)
    expect(await axeViolations()).toEqual([])
    await t.screenshot('care-check-in-390')
    expect(t.pageErrors).toEqual([])
  })

  it('installs to a home screen: the manifest and the service worker are served', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(manifest.statusCode).toBe(200)
    expect(manifest.json()).toMatchObject({
      name: 'Kitty Care',
      display: 'standalone',
      start_url: '/progress',
    })
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' })
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['content-type']).toContain('javascript')
    expect(worker.body).toContain("addEventListener('push'")
    await t.page.goto('/progress')
    expect(await t.page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest')
  })

  it("pauses the reminders from the e-mail's unsubscribe link: the page asks first, its button pauses", async () => {
    const { page } = t
    const unsubscribeToken = await mailedUnsubscribeToken(t, catId)
    await t.db.carePlan.update({ where: { catId }, data: { paused: false } })
    await page.goto(`/api/care/unsubscribe/${unsubscribeToken}`)
    await page.getByRole('heading', { name: 'Pause check-in reminders?' }).waitFor()
    // Opening the link (as a mail scanner does) changed nothing.
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId } })).paused).toBe(false)
    expect(await axeViolations()).toEqual([])
    await page.getByRole('button', { name: 'Pause reminders' }).click()
    await page.getByRole('heading', { name: 'Reminders paused' }).waitFor()
    expect(await t.db.carePlan.findUniqueOrThrow({ where: { catId } })).toMatchObject({
      paused: true,
      nextCheckInAt: null,
    })
    await page.getByRole('link', { name: 'Resume them on the Care page' }).waitFor()
    await t.screenshot('care-unsubscribed-390')
  })
})
