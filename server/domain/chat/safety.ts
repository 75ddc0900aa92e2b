// The safety step of every reply: which cat the owner is talking about, and what the product's
// triage says about the message, before any assistant writes a word.
import { FALLBACK_CAT_NAME } from '../../../shared/constants.ts'
import type { Db } from '../../db.ts'
import type { Cat } from '../../generated/prisma/client.ts'
import type { AssistantMessage } from '../../services/assistant/types.ts'
import { namePattern, unclearCatReference } from './cat-reference.ts'
import { heldLevels } from './escalations.ts'
import { forCat, type TriageCat, type TriageResult, triageMessage, type Urgency } from './triage.ts'

export interface Safety {
  /** The cat the reply is about: the one the owner names, else the conversation's. */
  cat: Cat | null
  triage: TriageResult
  /** What the reply opens with (the escalation, or a poison question's clear no), the name filled in. */
  opening: string | null
  /** The name the opening calls the cat by ("your cat" when the message is unclear about which). */
  name: string
  /**
   * While the cat's escalation is open and the message is about something else: the one line the reply
   * opens with (the name filled in); the assistant answers the question as usual below it.
   */
  reminder: string | null
  /** The level of the cat's open escalation before this message ('routine' when none). */
  held: Urgency
}

/** The owner's cats without their photos (a few short rows: an owner has a handful of cats). */
function ownerCats(db: Db, userId: number | null): Promise<Cat[]> {
  if (userId === null) return Promise.resolve([])
  return db.cat.findMany({ where: { userId }, orderBy: { id: 'asc' } })
}

/**
 * The owner's cat named in `text`, if exactly one of their cats is named there; the current cat when it
 * is named too (an owner of Tom and Tilly asking about Tom means Tom).
 */
export function catNamedIn<C extends Pick<Cat, 'id' | 'name'>>(
  text: string,
  cats: readonly C[],
  current: C | null,
): C | null {
  const named = cats.filter((cat) => cat.name.trim().length >= 2 && namePattern(cat.name.trim()).test(text))
  if (current && named.some((cat) => cat.id === current.id)) return current
  return named.length === 1 ? (named[0] ?? null) : null
}

/** Before a word, what makes it a thing rather than a cat's name: "a lily", "some chocolate". */
const THING_BEFORE =
  /\b(?:a|an|the|some|any|this|that|these|those|of|more|actual|real|fresh|dried|raw|cooked|eat|eats|ate|eating|english|tiger|easter|peace|calla|dark|milk|wild|garden|poison|red|pink|purple)\s+$/i
/** After it: "lily leaf", "chocolate bar". */
const THING_AFTER =
  /^\s*\(?\s*(?:the\s+)?(?:leaf|leaves|flower|flowers|pollen|plant|plants|petal|petals|stem|stems|bouquet|bulb|bulbs|bar|bars|cake|chips?|water|shrub|bush|tree|spice|herb|drink|powder|seeds?|heads?|pods?|bread|salt|cloves?|oil|berries|sprigs?)\b/i

/**
 * The cats' own names are never symptoms: a cat called Lily or Chocolate is not a poisoning. Only the
 * name used as a name goes, and it becomes "the cat" (what Poppy ate, Poppy ate; the dog next door's
 * poisoning is not Freya's, but Freya vomiting is); the same word used for the thing stays, so Lily
 * chewing "a lily leaf" is still an emergency, and "garlic powder" is garlic whoever is called Garlic.
 */
export function withoutCatNames(text: string, cats: readonly Pick<Cat, 'name'>[]): string {
  return cats.reduce((rest, cat) => {
    const name = cat.name.trim()
    if (name.length < 2) return rest
    return rest.replace(namePattern(name), (word, offset: number, whole: string) =>
      THING_BEFORE.test(whole.slice(Math.max(0, offset - 12), offset)) ||
      THING_AFTER.test(whole.slice(offset + word.length, offset + word.length + 12))
        ? word
        : ' the cat ',
    )
  }, text)
}

export async function triageQuestion(
  db: Db,
  current: Cat | null,
  history: readonly AssistantMessage[],
): Promise<Safety> {
  const cats = await ownerCats(db, current?.userId ?? null)
  const ids = new Set([...cats.map((cat) => cat.id), ...(current ? [current.id] : [])])
  return triageAmongCats(cats, current, history, await heldLevels(db, [...ids]))
}

/** The cat fields the safety step reads: the owner's cats as the chat knows them, from any source. */
export type SafetyCat = Pick<
  Cat,
  'id' | 'userId' | 'name' | 'gender' | 'age' | 'weight' | 'weightUnit' | 'medicalConditions'
>

/**
 * The safety step on the owner's cats already read: the same for the chat and for the eval's function
 * pass (docs/testing.md, "The specialist eval"), which scores the corpus without HTTP or a database.
 */
export function triageAmongCats<C extends SafetyCat>(
  cats: readonly C[],
  current: C | null,
  history: readonly AssistantMessage[],
  held?: ReadonlyMap<number, Urgency>,
): Omit<Safety, 'cat'> & { cat: C | null } {
  const question = history.at(-1)?.role === 'user' ? (history.at(-1)?.content ?? '') : ''
  const cat = catNamedIn(question, cats, current) ?? current
  const known = cats.some((c) => c.id === current?.id) || !current ? cats : [...cats, current]
  // "My other cat…" is about a cat the message does not say: what triage says is for "your
  // cat", and the chosen cat's sex is not that cat's.
  const unclear = unclearCatReference(
    question,
    known.map((c) => c.name),
  )
  // Sex, age, weight and conditions decide some signs (a straining tom, a kitten off food, a diabetic
  // cat who is wobbly); they are the chosen cat's only when the message is about that cat.
  const about: TriageCat =
    unclear || !cat
      ? {}
      : {
          gender: cat.gender,
          age: cat.age,
          weight: cat.weight,
          weightUnit: cat.weightUnit,
          medicalConditions: cat.medicalConditions,
        }
  // The escalation is the cat's (escalations.ts), whichever conversation it was opened in: `held` has
  // the open level of each cat that has one. A message about no known cat, or a caller with no such
  // map, reads the level from the conversation's own replies.
  const heldHere = held && cat && !unclear ? (held.get(cat.id) ?? 'routine') : undefined
  const triage = triageMessage(withoutCatNames(question, known), about, history.slice(0, -1), heldHere)
  const name = (!unclear && cat?.name.trim()) || FALLBACK_CAT_NAME
  const opening = triage.escalation ?? triage.caution
  const reminder = triage.reminder ? forCat(triage.reminder, name) : null
  return {
    cat,
    triage,
    opening: opening ? forCat(opening, name) : null,
    name,
    reminder,
    held: heldHere ?? 'routine',
  }
}
