// The receptionist's interview lines (docs/product.md §4 "Interview"): one question per field, a re-ask with
// the reason when an answer did not fit, and a warm wrap-up. Phrasing varies with the length of
// the conversation, never at random, so the same transcript always gets the same line.
import { EXPERT_NAME, FALLBACK_CAT_NAME } from '../../../../shared/constants.ts'
import type { InterviewField } from '../../../../shared/options.ts'
import type { AssistantMessage } from '../types.ts'
import { catNameFromInterview } from './interview-cat-name.ts'
import { capitaliseFirst, pickVariant, possessive } from './text.ts'

interface Lines {
  /** Full questions, given the cat's name (or 'your cat'). */
  ask: ReadonlyArray<(name: string) => string>
  /** A short form appended to a reason that does not already end in a question. */
  short: (name: string) => string
}

const QUESTIONS: Record<InterviewField, Lines> = {
  cat_name: {
    ask: [
      () => "To get started, what's your cat's name?",
      () => "First things first: what's your cat's name?",
      () => "Let's begin with the basics. What name does your cat go by?",
    ],
    short: () => "What's your cat's name?",
  },
  issues_faced: {
    ask: [
      (name) =>
        `What a lovely name! What's the main thing you'd like help with for ${name}? Any habits, health worries or behaviour you've noticed?`,
      (name) =>
        `Thank you! Is ${name} struggling with anything at the moment, such as scratching, weight, litter box habits or tummy troubles?`,
      (name) =>
        `Great! What would you most like to improve for ${name}? Tell me about any issues you're facing, big or small.`,
    ],
    short: (name) => `What would you like help with for ${name}?`,
  },
  age: {
    ask: [
      (name) => `Thank you for sharing that, ${EXPERT_NAME} will take it into account. How old is ${name}?`,
      (name) =>
        `That's really helpful. How old is ${name}? Months are fine for kittens, and a best guess is fine for rescues.`,
      (name) => `Noted! Next, how old is ${name}?`,
    ],
    short: (name) => `How old is ${name}?`,
  },
  breed: {
    ask: [
      (name) => `And what breed is ${name}? If you're not sure, "mixed" or "not sure" is completely fine.`,
      (name) => `What breed would you say ${name} is? A best guess is perfect.`,
      (name) => `Got it! Do you know ${possessive(name)} breed?`,
    ],
    short: (name) => `What breed is ${name}?`,
  },
  activity_level: {
    ask: [
      (name) =>
        `Last question: how active is ${name}? Very active, active, moderately active, mostly inactive or very inactive?`,
      (name) =>
        `One more thing: how would you describe ${possessive(name)} energy? Does ${name} play a lot, or prefer lounging about?`,
      (name) => `Nearly done! How active is ${name} day to day?`,
    ],
    short: (name) => `How active is ${name}?`,
  },
}

const WRAP_UPS: ReadonlyArray<(name: string) => string> = [
  (name) =>
    `Thank you so much! I have everything I need about ${name}. I'm passing it all to ${EXPERT_NAME}, who will put together advice just for ${name}.`,
  (name) =>
    `Wonderful, that's everything! ${EXPERT_NAME} now has a full picture of ${name} and will take it from here.`,
  (name) =>
    `All done, thank you! ${capitaliseFirst(name)} is in great hands: ${EXPERT_NAME} will be with you shortly.`,
]

export function interviewTurn(input: {
  field: InterviewField | 'none'
  messages: readonly AssistantMessage[]
  reason?: string
}): string {
  const knownName = catNameFromInterview(input.messages)
  const name = knownName ?? FALLBACK_CAT_NAME
  const seed = input.messages.length
  if (input.field === 'none') return capitaliseFirst(pickVariant(WRAP_UPS, seed)(name))

  const lines = QUESTIONS[input.field]
  const reason = input.reason?.trim()
  if (reason) {
    return capitaliseFirst(reason.includes('?') ? reason : `${reason} ${lines.short(name)}`)
  }
  // "What a lovely name!" only makes sense once there is a name to admire.
  const asks = input.field === 'issues_faced' && !knownName ? lines.ask.slice(1) : lines.ask
  return capitaliseFirst(pickVariant(asks, seed)(name))
}
