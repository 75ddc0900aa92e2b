// The specialist's reply: the product's triage first (server/domain/chat/triage.ts, over the reviewed
// signs in server/knowledge), then knowledge-base advice personalised with the cat's profile, or a
// clarifying question when nothing matches. Same input, same reply.
import { EXPERT_NAME } from '../../../../shared/constants.ts'
import { unclearCatReference } from '../../../domain/chat/cat-reference.ts'
import { forCat, triageMessage } from '../../../domain/chat/triage.ts'
import type { AssistantMessage, CatProfileForAssistant, TriageForAssistant } from '../types.ts'
import { ownerSaysNotEating } from './appetite.ts'
import { type CatFacts, catFactsFrom } from './cat-facts.ts'
import { answerLines, type EverydayAnswer, everydayAnswer } from './everyday-answer.ts'
import { type CareTopic, KNOWLEDGE_BASE } from './knowledge.ts'
import { MAX_NOTES, profileNotes } from './profile-notes.ts'
import { capitaliseFirst, escapeRegExp, lastUserMessage, normalise, pickVariant } from './text.ts'
import { matchTopics } from './topic-match.ts'
import { isGreeting } from './vocabulary.ts'
import { answeredWhichCat, whichCatReply } from './which-cat.ts'

/** Recognisable opening of the not-a-vet note; also how earlier replies are found to carry it. */
export const NOT_A_VET_OPENING = "I'm a virtual cat-care specialist, not a vet"
const NOT_A_VET_NOTE = `_${NOT_A_VET_OPENING}: I can't examine {name}, so please treat this as general guidance and check with your vet about anything that worries you._`
/** The note is a reminder, not a signature: skip it if one of the last replies already had it. */
const NOT_A_VET_MEMORY = 2

/** Health words that make even an unmatched question medical. */
const MEDICAL_WORDS =
  /\b(sick|ill|illness|unwell|symptoms?|vets?|pain|painful|hurts?|blood|bleeding|lump|swelling|swollen|medication|medicine|pills?|diagnos\w*|disease|infection|infected|fever|lethargic|wound|limping|rash|discharge|injur\w*)\b/

const THANKS =
  /^(thanks|thank you|thx|ty|cheers|many thanks|great,? thanks|thank you so much)\b[\s\w,!.]{0,30}$/

const OPENINGS: ReadonlyArray<(name: string) => string> = [
  (name) => `Here's what I'd suggest for ${name}.`,
  (name) => `Happy to help with ${name}!`,
  (name) => `Good question! Here's how I'd approach it for ${name}.`,
]

const CAPABILITIES = [
  '- **Food and weight:** portions, treats and weight-loss plans',
  '- **Litter box and tummy:** accidents, spraying, vomiting, diarrhoea and constipation',
  '- **Health worries:** dental care, kidney disease, diabetes, thyroid, urinary problems, fleas and worms, sneezing',
  '- **Behaviour:** scratching, stress and anxiety, introductions, play and enrichment',
  '- **Life stages:** kittens and senior cats',
  '- **Everyday care:** grooming, carriers and travel',
].join('\n')

const withName = (text: string, facts: CatFacts): string => text.replaceAll('{name}', facts.name)

/** The cat's own name is never a symptom: a cat called Lily or Chocolate is not a poisoning. */
function withoutCatName(message: string, facts: CatFacts, hasName: boolean): string {
  if (!hasName) return message
  return message.replace(new RegExp(`\\b${escapeRegExp(facts.name)}\\b`, 'gi'), ' ')
}

/** After a poison question's clear no: the way to keep the conversation going. */
const CAUTION_FOLLOW_UP =
  'If {name} has already had some, treat it as an emergency and go to a vet now. Is there anything else you would like to check before giving {name} something new?'

function topicBlock(topic: CareTopic, main: boolean): string {
  const tips = main ? topic.tips : topic.tips.slice(0, 2)
  const parts = [
    main ? `**${topic.title}**` : `**Also relevant: ${topic.title}**`,
    topic.summary,
    tips.map((tip) => `- ${tip}`).join('\n'),
  ]
  if (main && topic.whenToSeeVet) parts.push(`**When to see a vet:** ${topic.whenToSeeVet}`)
  return parts.join('\n\n')
}

const APPETITE_TOPIC = KNOWLEDGE_BASE.find((topic) => topic.id === 'appetite')

const FOOD_TOPICS = new Set(['weight', 'feeding', 'appetite'])

/**
 * For a cat that is not eating, a question about food gets the not-eating advice first and no
 * weight-loss topic (its tips cut food and treats, the opposite of what this cat needs).
 */
function withoutDiet(topics: readonly CareTopic[]): readonly CareTopic[] {
  if (!topics.some((topic) => FOOD_TOPICS.has(topic.id))) return topics
  const rest = topics.filter((topic) => topic.id !== 'weight' && topic.id !== 'appetite')
  return APPETITE_TOPIC ? [APPETITE_TOPIC, ...rest] : rest
}

function recentlyGaveNote(history: readonly AssistantMessage[]): boolean {
  return history
    .filter((message) => message.role === 'assistant')
    .slice(-NOT_A_VET_MEMORY)
    .some((message) => message.content.includes(NOT_A_VET_OPENING))
}

function topicReply(topics: readonly CareTopic[], facts: CatFacts, seed: number, showNote: boolean): string {
  const [main, ...others] = topics
  if (!main) return ''
  const notes = [...new Set(topics.flatMap((topic) => profileNotes(topic, facts)))].slice(0, MAX_NOTES)
  const parts = [
    capitaliseFirst(pickVariant(OPENINGS, seed)(facts.name)),
    topicBlock(main, true),
    ...others.map((topic) => topicBlock(topic, false)),
  ]
  if (notes.length > 0) {
    parts.push(`**For ${facts.name} specifically:**\n\n${notes.map((note) => `- ${note}`).join('\n')}`)
  }
  if (showNote) parts.push(withName(NOT_A_VET_NOTE, facts))
  parts.push(capitaliseFirst(withName(main.followUp, facts)))
  return parts.join('\n\n')
}

/**
 * An everyday question: its answer first, in the cat's terms, then the topic's own text (docs/triage.md,
 * "Offline answers"). No profile notes: they are written for the topic, not for this question.
 */
function everydayReply(answer: EverydayAnswer, facts: CatFacts, question: string, showNote: boolean): string {
  const topic = KNOWLEDGE_BASE.find((candidate) => candidate.id === answer.topic)
  const parts = [...answerLines(answer, facts, question)]
  if (topic) parts.push(topicBlock(topic, true))
  if (topic?.medical && showNote) parts.push(withName(NOT_A_VET_NOTE, facts))
  if (topic) parts.push(capitaliseFirst(withName(topic.followUp, facts)))
  return parts.join('\n\n')
}

/** A message this short says nothing of its own: the quiz's worry is a fair place to start. */
const VAGUE_MESSAGE_WORDS = 5

function clarifyingReply(facts: CatFacts, medical: boolean, showNote: boolean, vague: boolean): string {
  const name = facts.name
  const parts = [
    `I'd love to help with ${name}! Could you tell me a bit more about what's going on: what you've noticed, since when, and whether anything has changed at home?`,
  ]
  const [issue] = facts.issues
  // Only for a vague message: after "he went stiff and then hid", the quiz's "Time Constraints" is no answer.
  if (issue && vague && !medical)
    parts.push(`You mentioned "${issue}" when we first spoke. Would you like to start there?`)
  if (medical) {
    parts.push(
      `If ${name} seems unwell (hiding, not eating for more than a day, or in pain), please call your vet today rather than waiting.`,
    )
  }
  parts.push(`Here's what I can help with:\n\n${CAPABILITIES}`)
  if (medical && showNote) parts.push(withName(NOT_A_VET_NOTE, facts))
  return parts.join('\n\n')
}

function greetingReply(facts: CatFacts): string {
  return [
    `Hi, I'm ${EXPERT_NAME}! How is ${facts.name} doing today?`,
    `Ask me anything, for example:\n\n${CAPABILITIES}`,
  ].join('\n\n')
}

function thanksReply(facts: CatFacts): string {
  return `You're very welcome! Give ${facts.name} a chin scratch from me. Is there anything else I can help with?`
}

/**
 * The reply to the owner's last message. With `triage` (the product's, from the chat domain) the reply
 * already opens with what triage said, so the specialist adds to it rather than repeating it; without
 * it (a direct call), the specialist triages the message the same way itself.
 */
export function composeReply(input: {
  cat: CatProfileForAssistant | null
  history: readonly AssistantMessage[]
  triage?: TriageForAssistant | undefined
}): string {
  const question = lastUserMessage(input.history).trim()
  const household = input.cat?.household?.names ?? []
  // A message about one of the owner's cats that does not say which: nothing in this reply
  // may be about the chosen cat, so it says "your cat" until the owner says which.
  const unclear = question ? unclearCatReference(question, household) : null
  // A cat its owner says is not eating gets no diet anywhere in the reply (the nutrition rule).
  const facts = { ...catFactsFrom(unclear ? null : input.cat), notEating: ownerSaysNotEating(input.history) }
  const hasName = !unclear && Boolean(input.cat?.name?.trim())
  if (!question) return greetingReply(facts)

  const text = withoutCatName(question, facts, hasName)
  if (input.triage?.said) {
    // The escalation or the clear no is already written above this reply.
    return input.triage.urgency === 'routine' ? withName(CAUTION_FOLLOW_UP, facts) : ''
  }
  if (!input.triage) {
    const triage = triageMessage(text, { gender: facts.gender }, input.history.slice(0, -1))
    if (triage.escalation) return forCat(triage.escalation, facts.name)
    if (triage.caution)
      return [forCat(triage.caution, facts.name), withName(CAUTION_FOLLOW_UP, facts)].join('\n\n')
  }

  if (unclear) return whichCatReply(household, unclear)

  // The owner's answer to "which cat?" answers the question that was asked before it.
  const earlier = answeredWhichCat(input.history)
  const own = matchTopics(text)
  const matched = own.length === 0 && earlier ? matchTopics(earlier) : own
  const topics = facts.notEating ? withoutDiet(matched) : matched
  const showNote = !recentlyGaveNote(input.history)
  const everyday = everydayAnswer(text)
  if (everyday) return everydayReply(everyday, facts, text, showNote)
  if (topics.length > 0) {
    const medical = topics.some((topic) => topic.medical)
    return topicReply(topics, facts, input.history.length, medical && showNote)
  }
  const plain = normalise(text)
  if (isGreeting(plain)) return greetingReply(facts)
  if (THANKS.test(plain)) return thanksReply(facts)
  const vague = plain.split(' ').length <= VAGUE_MESSAGE_WORDS
  return clarifyingReply(facts, MEDICAL_WORDS.test(plain), showNote, vague)
}
