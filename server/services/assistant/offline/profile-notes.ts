// Personal notes that tie a topic's general advice to this cat's profile.

import {
  foodText,
  lossPaceText,
  nutritionRule,
  restingEnergy,
  weeksToTarget,
} from '../../../../shared/rules/nutrition.ts'
import { convertWeight } from '../../../../shared/rules/weight-units.ts'
import { breedNote } from './breed-notes.ts'
import { type CatFacts, type ConditionId, formatWeight } from './cat-facts.ts'
import type { CareTopic, TopicId } from './knowledge.ts'
import { capitaliseFirst, possessive } from './text.ts'
import { scoreTopics } from './topic-match.ts'

const roundTo10 = (kcal: number): number => Math.round(kcal / 10) * 10
/** Weight differences smaller than this share of body weight are noise on a home scale. */
const WEIGHT_TOLERANCE = 0.03

const WEIGHT_TOPICS: ReadonlySet<TopicId> = new Set(['weight', 'feeding'])
const ACTIVITY_TOPICS: ReadonlySet<TopicId> = new Set(['play', 'weight', 'behaviour', 'scratching'])
const DIET_TOPICS: ReadonlySet<TopicId> = new Set([
  'feeding',
  'weight',
  'vomiting',
  'digestion',
  'appetite',
  'kidney',
  'diabetes',
  'hyperthyroidism',
  'urinary',
])

/** What a known condition changes about a topic's advice. */
const CONDITION_NOTES: Record<ConditionId, Partial<Record<TopicId, string>>> = {
  kidney: {
    feeding:
      'Because {name} has kidney disease, keep to the kidney diet your vet prescribed and ask before changing food or adding treats.',
    weight:
      'With kidney disease, weight loss can mean the disease is progressing, so any loss should be discussed with your vet before you cut food.',
    appetite:
      'Cats with kidney disease often feel nauseous; your vet can prescribe anti-nausea medicine or an appetite stimulant.',
    vomiting:
      'Vomiting in a cat with kidney disease can mean the kidney values have changed, so let your vet know.',
    urinary:
      'With kidney disease, a urine test also helps check for infection, which is more common in these cats.',
  },
  diabetes: {
    feeding:
      'With diabetes, keep meals consistent and timed with insulin, and check with your vet before changing food, as a new diet can change the insulin dose needed.',
    weight:
      'For a diabetic cat, slow weight loss often improves blood sugar control, but plan it with your vet so the insulin dose can be adjusted.',
    appetite:
      'A diabetic cat that is not eating should not get its usual insulin dose without speaking to your vet first.',
  },
  hyperthyroidism: {
    weight:
      'With hyperthyroidism, weight changes often reflect how well the thyroid is controlled, so a T4 recheck helps.',
    feeding:
      'If {name} is on an iodine-restricted thyroid diet, it must be the only food, with no treats or other food.',
    behaviour:
      'Restlessness and yowling can come from thyroid levels being off, so a T4 recheck is worthwhile.',
  },
  arthritis: {
    play: 'With arthritis, keep play low to the ground and gentle, avoiding jumps.',
    'litter-box': 'With arthritis, a low-entry litter box on each floor often solves accidents.',
    grooming:
      'With arthritis, {name} may struggle to groom the back and hindquarters, so gentle brushing helps.',
    weight: 'For arthritic joints, even a small weight loss can noticeably ease pain.',
  },
  dental: {
    feeding: 'With dental disease, softer or wet food may be easier to eat.',
    appetite: 'Known dental disease is a likely reason for eating less, so ask your vet to check the mouth.',
  },
  heart: {
    play: 'With heart disease, avoid strenuous play and stop if {name} pants or breathes with the mouth open.',
    travel: 'With heart disease, keep trips calm and cool, and ask your vet about anti-anxiety options.',
    respiratory:
      'With heart disease, count breaths while {name} sleeps: more than 30 a minute at rest is a reason to call your vet.',
  },
  liver: {
    appetite:
      'With liver disease it is especially important that {name} keeps eating; call your vet within a day if not.',
    feeding: 'With liver disease, follow the diet your vet recommends and avoid sudden changes.',
    weight: 'With liver disease, any weight-loss plan must be slow and supervised by your vet.',
  },
  cancer: {},
  ears: {
    grooming:
      "With a history of ear infections, don't clean inside the ears with cotton buds; use only a cleaner your vet recommends.",
  },
  senses: {
    play: 'With vision or hearing loss, use toys that rustle, smell or vibrate, and keep the furniture layout the same.',
    introductions:
      'With vision or hearing loss, go extra slowly with introductions and let {name} approach by scent.',
  },
}

function ageNote(topic: CareTopic, facts: CatFacts): string | undefined {
  if (facts.lifeStage === 'kitten' && topic.id !== 'kittens') {
    const note =
      topic.kittenNote ??
      (topic.medical
        ? 'Kittens can go downhill quickly, so call your vet sooner rather than later with any health worry.'
        : undefined)
    return note && `**Because ${facts.name} is a kitten:** ${note}`
  }
  if (facts.lifeStage === 'senior' && topic.id !== 'seniors') {
    const note =
      topic.seniorNote ??
      (topic.medical
        ? 'Older cats hide illness well, so new symptoms deserve a vet check sooner rather than later.'
        : undefined)
    return note && `**Because ${facts.name} is a senior (${facts.age} years):** ${note}`
  }
  return undefined
}

function weightNote(facts: CatFacts): string | undefined {
  const { weightKg, targetWeightKg, unit, name } = facts
  const title = `**${capitaliseFirst(possessive(name))} weight plan:**`
  // The one nutrition rule (shared/rules/nutrition.ts): the same food, or the same question, as the
  // plan, /progress, the report and the model. A cat that is not eating gets its question, never a diet.
  // In the owner's own unit, so a question quotes the weights the way the owner typed them.
  const inUnit = (kg: number | null) => (kg === null ? kg : convertWeight(kg, 'kg', unit))
  const outcome = nutritionRule({
    name,
    age: facts.age,
    weight: inUnit(weightKg),
    target_weight: inUnit(targetWeightKg),
    unit: unit === 'kg' ? 'Kg' : 'Lbs',
    activity_level: facts.activity,
    breed: facts.breed,
    gender: facts.gender,
    not_eating: facts.notEating ?? false,
  })
  if (outcome.kind === 'question' && outcome.reason === 'not eating') return `${title} ${outcome.text}`
  if (weightKg === null || facts.lifeStage === 'kitten') return undefined
  // A target the vet should see first (too low, or not a healthy weight for the breed): said, not planned.
  if (outcome.kind === 'question') return `${title} ${outcome.text}`
  const now = formatWeight(weightKg, unit)
  if (targetWeightKg !== null && targetWeightKg < weightKg * (1 - WEIGHT_TOLERANCE)) {
    if (outcome.basis !== 'weight loss') return undefined
    const weeks = weeksToTarget(outcome, weightKg, targetWeightKg)
    const time = weeks === null ? '' : `, roughly ${weeks} weeks at that pace`
    return `${title} going from ${now} to ${formatWeight(targetWeightKg, unit)}${time}. A starting point is about ${foodText(outcome)}, split into small meals (check the kcal per cup on your bag), which your vet can fine-tune. ${lossPaceText(outcome, name)}`
  }
  if (targetWeightKg !== null && targetWeightKg > weightKg * (1 + WEIGHT_TOLERANCE)) {
    return `**${capitaliseFirst(possessive(name))} weight:** at ${now}, ${name} is below the target of ${formatWeight(targetWeightKg, unit)}. Increase food by about 10% at a time and weigh weekly; if ${name} is losing weight without trying, see your vet.`
  }
  const low = roundTo10(restingEnergy(weightKg))
  const high = roundTo10(restingEnergy(weightKg) * 1.2)
  return `**${capitaliseFirst(possessive(name))} daily energy:** at ${now}, a typical indoor adult needs roughly ${low} to ${high} kcal a day, including treats. Check the calories on your food's label to turn that into portions.`
}

function activityNote(topic: CareTopic, facts: CatFacts): string | undefined {
  const { activity, name } = facts
  if (!activity || !ACTIVITY_TOPICS.has(topic.id)) return undefined
  if (activity === 'Very Inactive' || activity === 'Mostly Inactive') {
    return `**${capitaliseFirst(name)} is ${activity.toLowerCase()}:** start with two or three very short sessions (3 to 5 minutes) of slow, low-to-the-ground play and build up; food puzzles add movement without much effort.`
  }
  if (activity === 'Very Active' || activity === 'Active') {
    return `**${capitaliseFirst(name)} is ${activity.toLowerCase()}:** plan longer daily sessions plus climbing space and puzzle feeders, as a bored energetic cat finds its own (often destructive) entertainment.`
  }
  return undefined
}

function conditionNotes(topic: CareTopic, facts: CatFacts): string[] {
  const notes = facts.conditions
    .map((condition) => CONDITION_NOTES[condition][topic.id])
    .filter((note): note is string => note !== undefined)
    .map((note) => note.replaceAll('{name}', facts.name))
  if (notes.length === 0 && facts.conditionsText && topic.medical) {
    notes.push(
      `Given ${possessive(facts.name)} medical conditions (${facts.conditionsText}), run any new symptoms past your vet, as they can be connected.`,
    )
  }
  return notes
}

function issueNote(topic: CareTopic, facts: CatFacts): string | undefined {
  const issue = facts.issues.find((text) => scoreTopics(text)[0]?.topic.id === topic.id)
  return issue && `You mentioned "${issue}" when we first spoke, so this is a great place to start.`
}

/** A full profile could produce a wall of notes; the most important few are what gets read. */
export const MAX_NOTES = 6

/** All notes for one topic, most important first; empty when the profile adds nothing. */
export function profileNotes(topic: CareTopic, facts: CatFacts): string[] {
  const notes: Array<string | undefined> = [
    issueNote(topic, facts),
    ageNote(topic, facts),
    WEIGHT_TOPICS.has(topic.id) || (facts.notEating && topic.id === 'appetite')
      ? weightNote(facts)
      : undefined,
    ...conditionNotes(topic, facts),
    activityNote(topic, facts),
    breedNote(facts.breed, topic.id),
    topic.medical && facts.medications
      ? `Keep giving ${possessive(facts.name)} current medication (${facts.medications}) as prescribed, and mention it when you talk to your vet about this, as some treatments interact.`
      : undefined,
    DIET_TOPICS.has(topic.id) && facts.dietaryRestrictions
      ? `Keep ${possessive(facts.name)} dietary restrictions (${facts.dietaryRestrictions}) in mind when choosing foods and treats.`
      : undefined,
  ]
  return notes.filter((note): note is string => note !== undefined).slice(0, MAX_NOTES)
}
