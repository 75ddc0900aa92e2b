// One cat, one conversation (docs/product.md §4 "Chat room"): two cats, an emergency for one, then an
// everyday question for each. The other cat's chat, its urgency and its vet report show no trace of the
// emergency; the first cat's everyday question is answered as usual under one line saying the cat still
// needs the vet; a question about the emergency keeps the escalation's own answer.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { collect } from '../helpers/streams.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

const EMERGENCY = "He's straining in the litter box and nothing comes out"
const MOCHI_TOYS = 'What toys keep him busy?'
const LUNA_TOYS = 'What toys keep her busy?'
const KEEP_LINE = /still needs (?:a vet|to be seen)/i

function readPdf(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'per-cat-report-')), 'report.pdf')
  fs.writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-']).toString()
}

/** Mochi (a tom, the older cat) and Luna (the newer one), one owner, over REST as a SPEC client chats. */
async function twoCats() {
  const { owner, cat: mochi } = await subscriberWithCat(t, {
    cat: { name: 'Mochi', gender: 'Male', age: 6, breed: 'Other' },
  })
  const luna = await t.db.cat.create({
    data: { userId: owner.id, name: 'Luna', gender: 'Female', age: 4, breed: 'Persian' },
  })
  const api = await t.caller(owner.token)
  const chat = async (catId: number, content: string, id: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { session_id: `session-${owner.id}-percat`, catId, messages: [{ id, role: 'user', content }] },
    })
    expect(res.statusCode).toBe(200)
    return res.json() as { message: string; urgency: string }
  }
  const report = async (catId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/care/report.pdf?cat_id=${catId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(res.statusCode).toBe(200)
    return readPdf(res.rawPayload)
  }
  return { owner, mochi, luna, api, chat, report }
}

describe('two cats, an emergency for one', () => {
  it("leaves no trace in the other cat's chat, urgency and report", async () => {
    const { mochi, luna, api, chat, report } = await twoCats()
    const emergency = await chat(mochi.id, EMERGENCY, 'q-emergency')
    expect(emergency.urgency).toBe('emergency')

    const lunas = await chat(luna.id, LUNA_TOYS, 'q-luna-toys')
    expect(lunas.urgency).toBe('routine')
    expect(lunas.message).not.toMatch(KEEP_LINE)
    expect(lunas.message).not.toContain('Mochi')
    expect(lunas.message).toMatch(/play|toy/i)

    // Luna's chat opens on Luna's conversation: nothing of Mochi's in it, and no banner.
    const lunaChat = await api.conversation.start({ catId: String(luna.id) })
    expect(lunaChat.cat).toEqual({ id: luna.id, name: 'Luna' })
    expect(lunaChat.messages.map((m) => m.content).join('\n')).not.toContain('nothing comes out')
    expect(lunaChat.messages.some((m) => m.urgency === 'emergency' || m.urgency === 'urgent')).toBe(false)
    expect(lunaChat.open_escalation).toBeNull()

    // Mochi's chat is another conversation, with the emergency and its banner.
    const mochiChat = await api.conversation.start({ catId: String(mochi.id) })
    expect(mochiChat.conversation.id).not.toBe(lunaChat.conversation.id)
    expect(mochiChat.messages.map((m) => m.content)).toContain(EMERGENCY)
    expect(mochiChat.open_escalation).toMatchObject({ urgency: 'emergency' })

    const lunaReport = await report(luna.id)
    expect(lunaReport).not.toContain('nothing comes out')
    expect(lunaReport).not.toContain('toys keep her busy')
    expect(await report(mochi.id)).toContain('nothing comes out')
  })

  it("answers the first cat's everyday question as usual, under one line that the cat still needs the vet", async () => {
    const { mochi, api, chat, report } = await twoCats()
    await chat(mochi.id, EMERGENCY, 'q-emergency')
    const opened = await api.conversation.start({ catId: String(mochi.id) })
    const reply = await collect(
      await api.conversation.send({
        conversationId: opened.conversation.id,
        catId: String(mochi.id),
        content: MOCHI_TOYS,
        clientId: 'q-mochi-toys',
      }),
    )
    const [first, ...rest] = reply.split('\n\n')
    expect(first).toMatch(KEEP_LINE)
    expect(first).toContain('Mochi')
    expect(first?.split('\n')).toHaveLength(1)
    // The usual answer below it, not the escalation's canned block.
    expect(rest.join('\n\n')).toMatch(/play|toy/i)
    expect(reply).not.toContain('Please bring')
    expect(reply.match(KEEP_LINE)).toHaveLength(1)

    // The escalation stays open, and the banner with it; the toy question is no urgent concern.
    const again = await api.conversation.start({ catId: String(mochi.id) })
    expect(again.open_escalation).toMatchObject({ urgency: 'emergency' })
    const text = await report(mochi.id)
    expect(text).toContain('nothing comes out')
    expect(text).not.toContain('toys keep him busy')
  })

  it("keeps the escalation's own answer to a question about the emergency", async () => {
    const { mochi, chat } = await twoCats()
    await chat(mochi.id, EMERGENCY, 'q-emergency')
    const cost = await chat(mochi.id, 'How much will the emergency vet cost? We are broke', 'q-cost')
    expect(cost.urgency).toBe('emergency')
    expect(cost.message).toContain("Please don't wait: Mochi still needs a vet now.")
    expect(cost.message).toContain('About the cost')
  })

  it("keeps the other cat's questions free of the escalation on tRPC too", async () => {
    const { mochi, luna, api, chat } = await twoCats()
    await chat(mochi.id, EMERGENCY, 'q-emergency')
    const opened = await api.conversation.start({ catId: String(luna.id) })
    const reply = await collect(
      await api.conversation.send({
        conversationId: opened.conversation.id,
        catId: String(luna.id),
        content: 'Can it wait until tomorrow to buy her new food?',
        clientId: 'q-luna-food',
      }),
    )
    expect(reply).not.toMatch(KEEP_LINE)
    expect(reply).not.toMatch(/vet now/i)
  })
})

describe("a cat's vet report", () => {
  it('lists only messages judged urgent, about that cat, since it exists, with their dates', async () => {
    const { owner, mochi, report } = await twoCats()
    await t.db.cat.update({
      where: { id: mochi.id },
      data: { createdAt: new Date(Date.now() - 7 * 86_400_000) },
    })
    // Written before Biscuit existed, about another cat, in the household's old single conversation.
    const old = await t.db.conversation.create({ data: { userId: owner.id } })
    const asked = await t.db.conversationMessage.create({
      data: {
        conversationId: old.id,
        role: 'user',
        content: 'Pixel ate a lily leaf',
        catId: mochi.id,
        createdAt: new Date(Date.now() - 86_400_000),
      },
    })
    await t.db.conversationMessage.create({
      data: {
        conversationId: old.id,
        role: 'assistant',
        content: '**This could be an emergency. Please take Pixel to a vet now.**',
        urgency: 'emergency',
        replyToId: asked.id,
        createdAt: new Date(Date.now() - 86_400_000),
      },
    })
    const biscuit = await t.db.cat.create({ data: { userId: owner.id, name: 'Biscuit' } })
    expect(await report(biscuit.id)).not.toContain('lily')
    const mochis = await report(mochi.id)
    expect(mochis).toContain('Pixel ate a lily leaf')
    const date = asked.createdAt.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    })
    expect(mochis).toContain(date)
  })
})

describe('check-in cards while an escalation is open', () => {
  it('say vet first instead of play for that cat only, and play again once it was seen', async () => {
    const { mochi, luna, api, chat } = await twoCats()
    await t.db.cat.updateMany({ where: { id: { in: [mochi.id, luna.id] } }, data: { playtime: 30 } })
    const checkIn = async (catId: number) => {
      const row = await t.db.checkIn.create({
        data: { catId, dueAt: new Date(Date.now() - 60_000), sentAt: new Date(), weighIn: false },
      })
      return (await api.care.checkIn({ id: row.id })).opening
    }
    await chat(mochi.id, EMERGENCY, 'q-emergency')
    const mochis = await checkIn(mochi.id)
    expect(mochis).not.toMatch(/minutes of play|training day/)
    expect(mochis).toContain('Vet first: Mochi still needs to see the vet')
    expect(await checkIn(luna.id)).toContain('30 minutes of play with Luna')
    // The week's plan on /progress pauses play and training for Mochi only.
    expect((await api.progress.overview({ cat_id: mochi.id })).vet_first).toBe(true)
    expect((await api.progress.overview({ cat_id: luna.id })).vet_first).toBe(false)

    const seen = await chat(mochi.id, 'The vet saw him this afternoon, he is fine now', 'q-seen')
    expect(seen.urgency).toBe('routine')
    expect(await checkIn(mochi.id)).toContain('30 minutes of play with Mochi')
    expect((await api.progress.overview({ cat_id: mochi.id })).vet_first).toBe(false)
  })
})
