import { describe, expect, it } from 'vitest'
import { dayPlan } from '../../server/domain/care/day-plan.ts'
import { checkInReminderMail } from '../../server/domain/care/reminder-mail.ts'
import { foodText, nutritionRule } from '../../shared/rules/nutrition.ts'

// Overweight, 14 → 11 lb: the plan's food is the one nutrition rule's, not the step 15 slider's whole
// cups, so the e-mail and Dr. Olivia's opening say what /progress, the PDF and the specialist say.
const cat = {
  name: 'Biscuit <b>',
  foodBowls: 2,
  treats: 1,
  playtime: 35,
  weight: 14,
  targetWeight: 11,
  weightUnit: 'Lbs',
  age: 6,
  activityLevel: 'Active',
  breed: 'Other',
  gender: 'Female',
}
const food = nutritionRule({ weight: 14, target_weight: 11, unit: 'Lbs', age: 6, activity_level: 'Active' })
const FOOD = `Food: ${foodText(food)} and 1 treat, spread through the day.`

describe("the day's plan", () => {
  it('has play on a training day, food every day and a weigh-in on the first check-in of the week', () => {
    expect(dayPlan(cat, { trainingDay: true, weighIn: true }).lines).toEqual([
      'Play: 35 minutes of play with Biscuit <b> today, a training day.',
      FOOD,
      'Weigh-in: weigh Biscuit <b> and tell me the weight; it goes into the weight log.',
    ])
    expect(dayPlan(cat, { trainingDay: false, weighIn: false }).lines).toEqual([FOOD])
  })

  it('says the rule figures: 14 → 11 lb for an active cat is 340 kcal, about 1 % a week', () => {
    expect(FOOD).toBe(
      'Food: 340 kcal a day: about 7/8 cup of a typical dry food (about 90 g) and 1 treat, spread through the day.',
    )
  })

  it("says the rule's question, not an amount, for a target the vet should see first", () => {
    const tooLow = { ...cat, weight: 10, targetWeight: 4, weightUnit: 'Kg' }
    const [line] = dayPlan(tooLow, { trainingDay: false, weighIn: false }).lines
    expect(line).toMatch(/^Food: A target of 4 kg is less than 70 % of Biscuit <b>'s 10 kg/)
    expect(line).not.toContain('kcal')
  })

  it('asks for the weight while none is known: no figure from answers never given', () => {
    const unweighed = { ...cat, weight: null, targetWeight: null }
    expect(dayPlan(unweighed, { trainingDay: false, weighIn: false }).lines).toEqual([
      "Food: Add Biscuit <b>'s weight to see the plan.",
    ])
  })
})

describe('the reminder e-mail', () => {
  const mail = checkInReminderMail({
    to: 'ada@example.com',
    ownerName: 'Ada',
    plan: dayPlan(cat, { trainingDay: true, weighIn: true }),
    origin: 'https://care.example.test',
    checkInId: 42,
    dueAt: new Date('2026-03-08T14:00:00Z'),
    unsubscribeToken: 'tok_en-1',
  })

  it('names the cat, links to the check-in and carries RFC 8058 headers', () => {
    expect(mail.subject).toBe("Biscuit <b>'s check-in with Dr. Olivia")
    expect(mail.text).toContain('https://care.example.test/cat-assistant?check_in=42')
    expect(mail.html).toContain('href="https://care.example.test/cat-assistant?check_in=42"')
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://care.example.test/api/care/unsubscribe/tok_en-1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    // The check-in and its due time, at PUBLIC_URL's host: every send of this reminder is one message.
    expect(mail.messageId).toBe('<check-in-42-1772978400@care.example.test>')
  })

  it('escapes the cat name in HTML', () => {
    expect(mail.html).toContain('Biscuit &lt;b&gt;')
    expect(mail.html).not.toContain('Biscuit <b>')
  })
})
