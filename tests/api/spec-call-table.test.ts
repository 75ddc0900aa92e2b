// A client written from docs/product.md §7's call table alone: every row, in the order a new owner's journey
// uses them, with exactly the payload the table shows (no extra fields, no headers beyond the bearer token),
// answers 2xx with the response fields the table names. Payment steps run on the demo provider.
import { describe, expect, it } from 'vitest'
import { codeOf, type SmtpCapture, startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { specSubscribePayload } from '../helpers/checkout.ts'

type Json = Record<string, unknown>
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

let smtp: SmtpCapture

const t = suiteApp(
  async () => {
    smtp = await startSmtpCapture()
    return createTestApp({ env: { SMTP_URL: smtp.url } })
  },
  async () => {
    await smtp?.close()
  },
)

async function call(method: Method, url: string, payload?: unknown, token?: string) {
  const res = await t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload: payload as Json }),
  })
  const body = res.body ? (res.json() as unknown) : null
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200)
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300)
  return body as Json & Json[]
}

/** A 1×1 PNG as docs/product.md §3's byte array. */
const PNG = [
  137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 31, 21,
  196, 137, 0, 0, 0, 13, 73, 68, 65, 84, 120, 156, 99, 248, 255, 255, 63, 0, 5, 254, 2, 254, 167, 53, 129,
  132, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
]

const catFields = {
  cat_name: 'Tom',
  breed: 'Persian',
  gender: 'Male',
  age: 4,
  weight: 9.5,
  target_weight: 9,
  goals: ['Lose Weight'],
  issues_faced: ['Time Constraints'],
  activity_level: 'Active',
  required_progress: ['Healthy Coat'],
  check_in_period: 'Daily',
  training_days: ['Monday'],
  medical_conditions: 'None',
  medications: '',
  dietary_restrictions: '',
  medical_history: '',
  items: ['Litter Box'],
}

describe("docs/product.md §7's call table, as written", () => {
  it('carries a new owner from sign-up to the specialist and out again', async () => {
    const email = `spec-${Date.now()}@example.com`
    const session_id = `visitor-${Date.now()}`

    // The visitor's interview: no token to create, check and update it.
    const interview = await call('POST', '/api/supabase/interview', { session_id })
    expect(interview.id).toEqual(expect.any(Number))
    const messages = [
      { role: 'assistant', content: "What is your cat's name?", timestamp: new Date().toISOString() },
      { role: 'user', content: 'Tom', timestamp: new Date().toISOString() },
    ]
    const check = await call('POST', '/api/openai/interview/check', { messages, field: 'cat_name' })
    expect(check).toEqual(
      expect.objectContaining({
        satisfied: expect.stringMatching(/^(true|false)$/),
        reason: expect.any(String),
      }),
    )
    expect(check).toHaveProperty('answer')
    await call('POST', '/api/openai/interview/check', { messages, field: 'none' })
    await call('PUT', `/api/supabase/interview/${interview.id}`, { messages, session_id })
    // Sign-up without a password (the signup payload carries the visitor's session, so the account
    // takes over the interview), then the code sign-in.
    const signup = await call('POST', '/api/supabase/signup-passwordless', {
      email,
      full_name: 'Ada Lovelace',
      session_id,
    })
    expect(signup).toEqual(
      expect.objectContaining({ token: expect.any(String), expiresIn: expect.any(Number) }),
    )
    expect(signup).toHaveProperty('photo')
    const since = Date.now()
    await call('POST', '/api/supabase/signin-otp', { email })
    const code = codeOf(await smtp.waitForMail(email, { since }))
    const verified = await call('POST', '/api/supabase/verify-otp', { email, token: code, type: 'email' })
    const session = verified.session as Json
    expect(session).toEqual(
      expect.objectContaining({
        access_token: expect.any(String),
        expires_in: expect.any(Number),
        expires_at: expect.any(Number),
      }),
    )
    expect((verified.user as { user_metadata: Json }).user_metadata).toHaveProperty('avatar_url')
    const token = session.access_token as string

    const reply = await call('POST', '/api/openai/interview', { messages, field: 'issues_faced' }, token)
    expect(reply.message).toEqual(expect.any(String))

    // Recommendations without a token; the cat with the token (docs/product.md §6).
    const recommendations = await call('POST', '/api/openai/recommendations', catFields)
    for (const key of [
      'food_bowls',
      'treats',
      'playtime',
      'welcome_message_specific_detail',
      'welcome_message_relevant_response',
    ]) {
      expect(recommendations, key).toHaveProperty(key)
    }
    const cat = await call('POST', '/api/supabase/cats', { session_id, ...catFields }, token)
    expect(cat.id).toEqual(expect.any(Number))
    expect(cat).toHaveProperty('recommendations')
    await call(
      'PUT',
      `/api/supabase/cats/${cat.id}`,
      {
        ...catFields,
        cat_name: 'Tommy',
        photo: { buffer: PNG, mimetype: 'image/png', originalname: 'tom.png' },
      },
      token,
    )
    const cats = await call('GET', '/api/supabase/cats', undefined, token)
    expect(Array.isArray(cats)).toBe(true)
    expect(cats.at(-1)).toEqual(expect.objectContaining({ id: cat.id }))

    // The interview reads back with the owner's token.
    expect(Array.isArray(await call('GET', '/api/supabase/interview', undefined, token))).toBe(true)
    await call('GET', `/api/supabase/interview/${interview.id}`, undefined, token)

    // Plans, then docs/product.md §4's payment flow with the demo provider.
    await call('POST', '/api/supabase/createPlan', undefined, token)
    await call('PUT', '/api/supabase/updatePlan', { method: true }, token)
    await call('DELETE', '/api/supabase/removePlan', undefined, token)
    const customer = await call(
      'POST',
      '/api/payments/stripe/customer',
      { name: 'Ada Lovelace', email, paymentMethodId: 'pm_card_visa' },
      token,
    )
    expect(customer.customerId).toEqual(expect.any(String))
    const intent = await call(
      'POST',
      '/api/payments/stripe/payment-intent',
      { amount: 199, currency: 'usd', customerId: customer.customerId, paymentMethodId: 'pm_card_visa' },
      token,
    )
    expect(intent.paymentIntentId).toEqual(expect.any(String))
    const subscription = await call(
      'POST',
      '/api/payments/stripe/subscription',
      {
        paymentMethodId: 'pm_card_visa',
        priceId: 'price_monthly',
        trial_end: Math.floor(Date.now() / 1000) + 3 * 86_400,
        customerId: customer.customerId,
      },
      token,
    )
    expect(subscription).toEqual(
      expect.objectContaining({ subscriptionId: expect.any(String), success: true }),
    )
    await call('POST', '/api/supabase/subscriptions', specSubscribePayload(email, 'Tommy'), token)
    const subscriptions = await call('GET', '/api/supabase/subscriptions', undefined, token)
    expect(subscriptions).toHaveLength(1)

    // The specialist chat, now that the owner is subscribed.
    const conversation = await call('POST', '/api/supabase/conversations', { session_id }, token)
    expect(conversation.id).toEqual(expect.any(Number))
    const question = {
      role: 'user',
      content: 'How often should Tommy eat?',
      timestamp: new Date().toISOString(),
    }
    const chat = await call(
      'POST',
      '/api/openai/chat',
      { session_id, catId: cat.id, messages: [question] },
      token,
    )
    expect(chat.message).toEqual(expect.any(String))
    await call(
      'PUT',
      `/api/supabase/conversations/${conversation.id}`,
      {
        session_id,
        messages: [
          question,
          { role: 'assistant', content: chat.message, timestamp: new Date().toISOString() },
        ],
      },
      token,
    )
    const conversations = await call('GET', '/api/supabase/conversations', undefined, token)
    expect(conversations.length).toBeGreaterThan(0)

    // Out again: the interview, then the subscription.
    await call('DELETE', `/api/supabase/interview/${interview.id}`, undefined, token)
    await call('DELETE', `/api/supabase/subscriptions/${subscription.subscriptionId}`, undefined, token)
    await call('DELETE', `/api/payments/stripe/subscription/${subscription.subscriptionId}`, undefined, token)
  })
})
