// The Privacy Policy names everything the product keeps, in Chromium: a new kind of record the product
// starts keeping belongs on this list.
import { describe, expect, it } from 'vitest'
import { browserTestForFile } from '../helpers/browser.ts'

const t = browserTestForFile()

const KEPT = [
  'time zone',
  'check-ins',
  'weights',
  'reminders',
  'push subscription',
  'share links',
  'health record',
  'documents',
  'household members',
  'follow-ups',
]

describe('/privacy', () => {
  it('names every kind of record the product keeps', async () => {
    await t.page.goto('/privacy')
    await t.page.getByRole('heading', { name: 'Privacy Policy' }).waitFor()
    const text = (await t.page.locator('article').innerText()).toLowerCase()
    expect(KEPT.filter((kept) => !text.includes(kept))).toEqual([])
  })
})
