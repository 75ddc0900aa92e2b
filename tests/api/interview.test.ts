// The interview router through tRPC callers and the REST rows, on a real database, offline assistant.
import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../shared/errors.ts'
import { suiteApp } from '../helpers/app.ts'
import { trpcFailure } from '../helpers/trpc-errors.ts'

const t = suiteApp()

let sessionCounter = 0
const newSession = () => `visitor-session-${++sessionCounter}-${Date.now()}`
const say = (role: 'user' | 'assistant', content: string) => ({
  role,
  content,
  timestamp: new Date().toISOString(),
})
/** POST /api/openai/interview/check without a token, as the visitor's wizard sends it. */
const postCheck = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/openai/interview/check', payload })
/** The check of one answer the visitor typed for `field` (with the cat's name once it is known). */
const checkAnswer = (field: string, content: string, cat_name?: string) =>
  postCheck({ field, messages: [{ role: 'user', content }], ...(cat_name ? { cat_name } : {}) })

describe('create and update without a token, protected by the session', () => {
  it('creates an interview for a visitor and appends only the new messages of each PUT', async () => {
    const visitor = await t.caller()
    const session = newSession()
    const { id } = await visitor.interview.create({ session_id: session })
    const first = [say('assistant', 'Hello!'), say('assistant', "What's your cat's name?")]
    expect(await visitor.interview.update({ id, session_id: session, messages: first })).toEqual({
      id,
      appended: 2,
    })
    expect(await visitor.interview.update({ id, session_id: session, messages: first })).toEqual({
      id,
      appended: 0,
    })
    const second = [...first, say('user', ''), say('user', 'Luna'), say('assistant', 'Lovely name!')]
    expect(
      await visitor.interview.update({
        id,
        session_id: session,
        messages: second,
        answers: { cat_name: 'Luna' },
      }),
    ).toEqual({ id, appended: 2 })
    const stored = await t.db.interviewMessage.findMany({
      where: { interviewId: id },
      orderBy: { id: 'asc' },
    })
    expect(stored.map((m) => m.content)).toEqual([
      'Hello!',
      "What's your cat's name?",
      'Luna',
      'Lovely name!',
    ])
    const row = await t.db.interview.findUniqueOrThrow({ where: { id } })
    expect(row).toMatchObject({
      userId: null,
      sessionId: session,
      completed: false,
      answers: { cat_name: 'Luna' },
    })
  })

  it('answers an update without the right session with 404 and changes nothing', async () => {
    const visitor = await t.caller()
    const session = newSession()
    const { id } = await visitor.interview.create({ session_id: session })
    const wrong = await trpcFailure(
      visitor.interview.update({
        id,
        session_id: newSession(),
        messages: [say('user', 'hijack')],
        completed: true,
      }),
    )
    expect(wrong.code).toBe('NOT_FOUND')
    const missing = await trpcFailure(
      visitor.interview.update({ id: 987_654, session_id: session, messages: [] }),
    )
    expect(missing.code).toBe('NOT_FOUND')
    expect(await t.db.interviewMessage.count({ where: { interviewId: id } })).toBe(0)
    expect((await t.db.interview.findUniqueOrThrow({ where: { id } })).completed).toBe(false)
    const noSession = await trpcFailure(visitor.interview.update({ id, messages: [] } as never))
    expect(noSession.code).toBe('BAD_REQUEST')
  })

  it('marks the interview completed with its answers', async () => {
    const visitor = await t.caller()
    const session = newSession()
    const { id } = await visitor.interview.create({ session_id: session })
    const answers = {
      cat_name: 'Luna',
      issues_faced: 'scratching',
      age: '3',
      breed: 'Siamese',
      activity_level: 'Active',
    }
    await visitor.interview.update({ id, session_id: session, answers, completed: true })
    expect(await t.db.interview.findUniqueOrThrow({ where: { id } })).toMatchObject({
      completed: true,
      answers,
    })
  })

  it('resume reads the visitor interview back with its session, 404 with another', async () => {
    const visitor = await t.caller()
    const session = newSession()
    const { id } = await visitor.interview.create({ session_id: session })
    await visitor.interview.update({
      id,
      session_id: session,
      messages: [say('assistant', 'Hi'), say('user', 'Luna')],
    })
    const back = await visitor.interview.resume({ id, session_id: session })
    expect(back.messages.map((m) => [m.role, m.content])).toEqual([
      ['assistant', 'Hi'],
      ['user', 'Luna'],
    ])
    expect((await trpcFailure(visitor.interview.resume({ id, session_id: newSession() }))).code).toBe(
      'NOT_FOUND',
    )
  })
})

describe('read, list and delete need the token and ownership', () => {
  it('a signed-in owner creates an interview that is theirs at once', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const session = newSession()
    const { id } = await api.interview.create({ session_id: session })
    await api.interview.update({
      id,
      session_id: session,
      messages: [say('assistant', 'Hello')],
      answers: { age: '2' },
    })
    const got = await api.interview.get({ id })
    expect(got).toMatchObject({ id, session_id: session, completed: false, answers: { age: '2' } })
    expect(got.messages).toEqual([
      {
        id: expect.stringMatching(/^m\d+$/),
        role: 'assistant',
        content: 'Hello',
        timestamp: expect.any(String),
      },
    ])
    expect((await api.interview.list()).map((i) => i.id)).toEqual([id])
  })

  it("answers another owner's or an unclaimed interview with 404", async () => {
    const owner = await t.signIn()
    const stranger = await t.signIn()
    const mine = await (await t.caller(owner.token)).interview.create({ session_id: newSession() })
    const unclaimed = await (await t.caller()).interview.create({ session_id: newSession() })
    const theirs = await t.caller(stranger.token)
    for (const id of [mine.id, unclaimed.id]) {
      expect((await trpcFailure(theirs.interview.get({ id }))).code).toBe('NOT_FOUND')
      expect((await trpcFailure(theirs.interview.delete({ id }))).code).toBe('NOT_FOUND')
    }
    expect(await theirs.interview.list()).toEqual([])
    expect(await t.db.interview.count({ where: { id: { in: [mine.id, unclaimed.id] } } })).toBe(2)
  })

  it('needs a token to read, list or delete', async () => {
    const visitor = await t.caller()
    const { id } = await visitor.interview.create({ session_id: newSession() })
    for (const call of [
      visitor.interview.get({ id }),
      visitor.interview.list(),
      visitor.interview.delete({ id }),
    ]) {
      const error = await trpcFailure(call)
      expect(error.code).toBe('UNAUTHORIZED')
      expect(error.message).toBe(ERRORS.notAuthenticated)
    }
  })

  it('the owner deletes an interview with its messages', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const session = newSession()
    const { id } = await api.interview.create({ session_id: session })
    await api.interview.update({ id, session_id: session, messages: [say('assistant', 'Hi')] })
    expect(await api.interview.delete({ id })).toEqual({ success: true })
    expect(await t.db.interview.count({ where: { id } })).toBe(0)
    expect(await t.db.interviewMessage.count({ where: { interviewId: id } })).toBe(0)
  })
})

describe('the receptionist: reply (bearer) and check (no token)', () => {
  it('check extracts each field from natural answers and explains what is missing', async () => {
    const visitor = await t.caller()
    const ask = (field: 'cat_name' | 'age' | 'breed' | 'activity_level' | 'issues_faced', answer: string) =>
      visitor.interview.check({ field, messages: [say('assistant', 'Question?'), say('user', answer)] })
    expect(await ask('cat_name', 'her name is Luna')).toMatchObject({ satisfied: 'true', answer: 'Luna' })
    expect(await ask('age', 'she is 3 years old')).toMatchObject({ satisfied: 'true', answer: '3' })
    expect(await ask('breed', 'a maine coon')).toMatchObject({ satisfied: 'true', answer: 'Maine Coon' })
    const unclear = await ask('age', 'banana')
    expect(unclear.satisfied).toBe('false')
    expect(unclear.reason.length).toBeGreaterThan(5)
    expect(await visitor.interview.check({ field: 'none', messages: [say('user', 'thanks')] })).toMatchObject(
      {
        satisfied: 'true',
      },
    )
  })

  it('reply gives the next line as message and assistantResponses[0], and needs a token', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const out = await api.interview.reply({
      field: 'age',
      messages: [say('assistant', 'Name?'), say('user', 'Luna'), say('user', '  ')],
    })
    expect(out.message).toMatch(/old/i)
    expect(out.assistantResponses).toEqual([out.message])
    const again = await api.interview.reply({
      field: 'age',
      messages: [say('user', 'banana')],
      reason: 'I need a number.',
    })
    expect(again.message).toContain('I need a number.')
    const anonymous = await trpcFailure((await t.caller()).interview.reply({ field: 'age', messages: [] }))
    expect(anonymous.code).toBe('UNAUTHORIZED')
  })

  it('refuses ids beyond the database range with 400, and a deleted account with 401', async () => {
    const visitor = await t.caller()
    const big = await trpcFailure(
      visitor.interview.update({ id: 2_147_483_648, session_id: newSession(), messages: [] }),
    )
    expect(big.code).toBe('BAD_REQUEST')
    const gone = await t.signIn()
    await t.db.user.delete({ where: { id: gone.id } })
    const error = await trpcFailure(
      (await t.caller(gone.token)).interview.create({ session_id: newSession() }),
    )
    expect(error.code).toBe('UNAUTHORIZED')
  })

  it('refuses an unknown field with a readable 400', async () => {
    const error = await trpcFailure(
      (await t.caller()).interview.check({ field: 'colour' as 'age', messages: [] }),
    )
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toMatch(/field/)
  })
})

describe('REST rows', () => {
  it('POST /api/supabase/interview → {id}; PUT with the session; GET/DELETE with the token', async () => {
    const owner = await t.signIn()
    const session = newSession()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/interview',
      payload: { session_id: session },
    })
    expect(created.statusCode).toBe(200)
    const { id } = created.json() as { id: number }
    expect(typeof id).toBe('number')
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/interview/${id}`,
      payload: { session_id: session, messages: [{ role: 'assistant', content: 'Hello' }] },
    })
    expect(put.json()).toEqual({ id, appended: 1 })
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/interview/${id}`,
      payload: { session_id: newSession(), messages: [] },
    })
    expect(wrong.statusCode).toBe(404)
    // Sign-in claims the visitor's interview (the accounts step does this by session).
    await t.db.interview.update({ where: { id }, data: { userId: owner.id } })
    const headers = { authorization: `Bearer ${owner.token}` }
    const got = await t.app.inject({ method: 'GET', url: `/api/supabase/interview/${id}`, headers })
    expect(got.json()).toMatchObject({ id, messages: [{ role: 'assistant', content: 'Hello' }] })
    const list = await t.app.inject({ method: 'GET', url: '/api/supabase/interview', headers })
    expect((list.json() as Array<{ id: number }>).map((i) => i.id)).toEqual([id])
    const noToken = await t.app.inject({ method: 'GET', url: `/api/supabase/interview/${id}` })
    expect(noToken.statusCode).toBe(401)
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/supabase/interview/${id}`, headers })
    expect(deleted.statusCode).toBe(200)
    const gone = await t.app.inject({ method: 'GET', url: `/api/supabase/interview/${id}`, headers })
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ error: ERRORS.notFound, code: 'NOT_FOUND' })
  })

  it('POST /api/openai/interview (bearer) and /api/openai/interview/check (no token)', async () => {
    const owner = await t.signIn()
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/openai/interview',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { field: 'cat_name', messages: [{ role: 'assistant', content: 'Hello!' }] },
    })
    expect(reply.statusCode).toBe(200)
    const body = reply.json() as { message: string; assistantResponses: string[] }
    expect(body.message).toMatch(/name/i)
    expect(body.assistantResponses[0]).toBe(body.message)
    const unauthorised = await t.app.inject({
      method: 'POST',
      url: '/api/openai/interview',
      payload: { field: 'age', messages: [] },
    })
    expect(unauthorised.statusCode).toBe(401)
    const check = await checkAnswer('activity_level', 'he is not very active')
    expect(check.statusCode).toBe(200)
    expect(check.json()).toEqual({
      satisfied: 'true',
      answer: 'Mostly Inactive',
      reason: expect.any(String),
    })
    const none = await postCheck({ field: 'none', messages: [] })
    expect(none.statusCode).toBe(200)
    const bad = await postCheck({ field: 'age' })
    expect(bad.statusCode).toBe(400)
  })

  it("runs the product's triage on a visitor's answer: an urgent sign gets the escalation, a plain answer none", async () => {
    const urgent = await postCheck({
      field: 'issues_faced',
      messages: [
        { role: 'assistant', content: 'What health or behaviour issues does your cat have?' },
        { role: 'user', content: 'She chewed a lily leaf an hour ago and has vomited twice' },
      ],
    })
    expect(urgent.statusCode).toBe(200)
    const body = urgent.json()
    expect(body.urgency).toBe('emergency')
    expect(body.escalation).toMatch(/vet|emergency clinic/i)
    expect(body.escalation).toContain('(888) 426-4435')
    expect(body.escalation).not.toContain('{name}')

    // A cat called Lily is not a lily: not when she is named, nor when her name comes up later.
    const named = await checkAnswer('cat_name', 'Her name is Lily')
    expect(named.json()).not.toHaveProperty('urgency')
    const later = await checkAnswer('activity_level', 'Lily sleeps most of the day', 'Lily')
    expect(later.json()).not.toHaveProperty('urgency')
    const plain = await checkAnswer('activity_level', 'he is not very active')
    expect(plain.json()).not.toHaveProperty('escalation')
  })
})
