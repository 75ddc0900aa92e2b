// The scripted lines of docs/product.md §4 and §9: the onboarding chat (6), the interview intro (6) and
// closing (6), the specialist's welcome (4) and chat B's 'creating profile' and 'profile created' sets. Each
// line waits its own delay with a typing indicator before it appears. For a faster first answer, the product
// replaced docs/product.md §9's 2 to 10 s a line with 0.6 to 1.5 s: every line is kept, and a new owner who
// says yes is answering the interview's first question within 20 s of opening /onboarding.
import { EXPERT_NAME, FALLBACK_CAT_NAME, RECEPTIONIST_NAME } from './constants.ts'
import type { InterviewField } from './options.ts'

export interface ScriptedMessage {
  /**
   * Waited before the line appears, in the milliseconds of docs/product.md §9 (the
   * client scales it in tests).
   */
  delayMs: number
  text: string
}

export const SCRIPT_MIN_DELAY_MS = 600
export const SCRIPT_MAX_DELAY_MS = 1500

/** docs/product.md §9: scripted messages use the cat's name, or 'your cat' when none is known yet. */
export function catNameOrFallback(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim()
  return trimmed && trimmed !== 'undefined' && trimmed !== 'null' ? trimmed : FALLBACK_CAT_NAME
}

/** /onboarding: the receptionist greets the visitor, then the app moves on to /interview. */
export const ONBOARDING_MESSAGES: readonly ScriptedMessage[] = [
  { delayMs: 900, text: `Hi there! I'm ${RECEPTIONIST_NAME}, the receptionist at Kitty Care.` },
  { delayMs: 1100, text: 'Welcome! We help cat owners with expert advice and a personalised care plan.' },
  {
    delayMs: 1300,
    text: `Our cat specialist, ${EXPERT_NAME}, is available around the clock to answer your questions.`,
  },
  {
    delayMs: 1300,
    text: "Before I connect you, I'll ask you a few quick questions about your cat, so the advice fits them.",
  },
  { delayMs: 1000, text: 'It only takes a couple of minutes, and you can answer in your own words.' },
  { delayMs: 1000, text: "Are you ready to get started? Type yes, or just wait and I'll take you there." },
]

/** How long the onboarding chat waits after its last line before moving to /interview by itself. */
export const ONBOARDING_AUTO_ADVANCE_MS = 4000

/** docs/product.md §4 Onboarding chat: a reply starting with one of these words leads to /interview. */
export const YES_WORDS = ['yes', 'sure', 'okay', 'ok', 'y', 'yep', 'yeah'] as const

/** The receptionist's answer to a typed reply that is not a yes. */
export const ONBOARDING_NUDGE =
  "No problem, take your time! Whenever you're ready, just type yes and we'll begin."

/** /interview (and chat B): six opening lines before the first question. */
export function interviewIntroMessages(persona: string = RECEPTIONIST_NAME): ScriptedMessage[] {
  return [
    { delayMs: 900, text: `Hello! I'm ${persona}. Thank you for choosing Kitty Care.` },
    { delayMs: 1000, text: "I'm going to ask you five short questions about your cat." },
    {
      delayMs: 1200,
      // Chat B: the specialist asks herself, so she speaks of herself in the first person.
      text:
        persona === EXPERT_NAME
          ? "Your answers go into your cat's profile, so I can give advice that really fits."
          : `Your answers go into your cat's profile, so ${EXPERT_NAME} can give advice that really fits.`,
    },
    { delayMs: 1000, text: 'Just answer in your own words. There are no wrong answers!' },
    { delayMs: 800, text: "If you're not sure about something, a best guess is perfectly fine." },
    { delayMs: 600, text: "Let's begin!" },
  ]
}

/** /interview: six lines once every field is answered, then the interview is completed. */
export function interviewClosingMessages(catName: string | null | undefined): ScriptedMessage[] {
  const name = catNameOrFallback(catName)
  return [
    { delayMs: 900, text: `Thank you! That's everything I need to know about ${name}.` },
    { delayMs: 1100, text: `I'm putting together ${name}'s profile now.` },
    {
      delayMs: 1200,
      text: `${EXPERT_NAME}, our cat specialist, will use it to tailor every piece of advice.`,
    },
    { delayMs: 1300, text: `You'll be able to ask ${EXPERT_NAME} anything, at any hour of the day.` },
    { delayMs: 1000, text: 'All set! Your care plan is ready to be unlocked.' },
    { delayMs: 800, text: `Taking you to ${EXPERT_NAME} now. Talk soon!` },
  ]
}

/** /cat-assistant: the specialist's four welcome lines in an empty conversation. */
export function specialistWelcomeMessages(catName: string | null | undefined): ScriptedMessage[] {
  const name = catNameOrFallback(catName)
  return [
    { delayMs: 900, text: `Hi! I'm ${EXPERT_NAME}, your Kitty Care cat specialist.` },
    { delayMs: 1100, text: `I've read ${name}'s profile, so my advice will be tailored to ${name}.` },
    {
      delayMs: 1200,
      text: 'You can ask me about feeding, weight, litter box habits, behaviour, grooming, play and health.',
    },
    { delayMs: 800, text: `What would you like to talk about today?` },
  ]
}

/** Chat B, finalizing step 2: shown while the profile is being made. */
export function creatingProfileMessages(catName: string | null | undefined): ScriptedMessage[] {
  const name = catNameOrFallback(catName)
  return [
    { delayMs: 900, text: `Thank you! I have everything I need about ${name}.` },
    { delayMs: 1100, text: `Give me a moment while I create ${name}'s profile...` },
    { delayMs: 1300, text: 'I am putting together recommendations for food, treats and playtime.' },
  ]
}

/** Chat B, finalizing step 4: once the profile exists (shown once, see interview_message_sent). */
export function profileCreatedMessages(catName: string | null | undefined): ScriptedMessage[] {
  const name = catNameOrFallback(catName)
  return [
    { delayMs: 900, text: `${name}'s profile is ready!` },
    { delayMs: 1100, text: `From now on, every answer I give takes ${name}'s needs into account.` },
    { delayMs: 800, text: `Ask me anything about ${name}, whenever you need.` },
  ]
}

/**
 * The receptionist's question for a field when no server turn is available (an anonymous visitor:
 * the generated turn needs a session, docs/product.md §6). With a reason, the
 * question is asked again after it.
 */
export function scriptedQuestion(
  field: InterviewField,
  catName: string | null | undefined,
  reason?: string,
): string {
  const name = catNameOrFallback(catName)
  const question: Record<InterviewField, string> = {
    cat_name: "To get started, what's your cat's name?",
    issues_faced: `What a lovely name! What would you most like help with for ${name}? Any habits, health worries or behaviour you've noticed?`,
    age: `Thank you, that's helpful. How old is ${name}?`,
    breed: `And what breed is ${name}? If you're not sure, "mixed" or "not sure" is fine.`,
    activity_level: `Last question: how active is ${name}? Very active, active, moderately active, mostly inactive or very inactive?`,
  }
  const again: Record<InterviewField, string> = {
    cat_name: "What's your cat's name?",
    issues_faced: `What would you like help with for ${name}?`,
    age: `How old is ${name}?`,
    breed: `What breed is ${name}?`,
    activity_level: `How active is ${name}?`,
  }
  const why = reason?.trim()
  if (!why) return question[field]
  return /\?\s*$/.test(why) ? why : `${why} ${again[field]}`
}

/** docs/product.md §4 Interview: the holding line between two attempts at the receptionist's reply. */
export const HOLDING_MESSAGE =
  "I'm sorry for the delay, my system is taking a while to process. Please wait a moment."

/** docs/product.md §4 Interview: the reason used when the answer check itself fails. */
export const CHECK_FAILED_REASON = "I'm sorry, can you please answer again?"
