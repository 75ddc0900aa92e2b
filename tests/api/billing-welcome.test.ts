// The thank-you screen and the meow happen once per subscription, ever. The server decides
// (billing.welcome), so a returning subscriber on a new sign-in, another tab or device is not thanked again.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'

const t = suiteApp()

describe('billing.welcome', () => {
  it('says yes once per subscription, even to concurrent callers, and never before one exists', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    expect(await api.billing.welcome()).toEqual({ welcome: false })
    expect((await api.billing.status()).welcomed).toBe(true)

    const first = await api.billing.checkout(CARD_CHECKOUT)
    expect(await api.billing.status()).toMatchObject({ subscribed: true, welcomed: false })
    const answers = await Promise.all(
      [1, 2, 3].map(async () => (await t.caller(owner.token)).billing.welcome()),
    )
    expect(answers.filter((a) => a.welcome)).toHaveLength(1)
    expect(await api.billing.welcome()).toEqual({ welcome: false })
    expect(await api.billing.status()).toMatchObject({ subscribed: true, welcomed: true })

    // A new subscription after cancelling is welcomed once more.
    await api.billing.cancel({ id: first.subscriptionId })
    await api.billing.checkout({ ...CARD_CHECKOUT, trial: false })
    expect(await api.billing.welcome()).toEqual({ welcome: true })
    expect(await api.billing.welcome()).toEqual({ welcome: false })
  })

  it('needs a session (401)', async () => {
    const anonymous = await t.caller(null)
    await expect(anonymous.billing.welcome()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
