// The second reader's request (docs/triage.md "The second reader"): the model reads the owner's last
// message as structured output, its own level for this cat now, the sign and the words it read it from.
import { zodResponseFormat } from 'openai/helpers/zod'
import { z } from 'zod'
import { URGENCY_LEVELS } from '../../knowledge/index.ts'
import { asData } from './openai-prompts.ts'
import type { AssistantMessage, CatProfileForAssistant } from './types.ts'

const readingSchema = z.object({
  level: z
    .enum(URGENCY_LEVELS)
    .describe('routine (no vet needed for this), urgent (a vet within 24 hours) or emergency (a vet now)'),
  sign: z.string().describe('the sign read, in a few words; empty when there is none'),
  evidence: z.string().describe("the owner's exact words the reading rests on; empty when there are none"),
  about_this_cat_now: z
    .boolean()
    .describe(
      "true only when the sign is this owner's cat's and happening now: not a toy's, prey's, another animal's or a person's, not a figure of speech or a joke, not long over",
    ),
})

/** The name is what the double and the logs know the request by. */
export const READING_FORMAT = zodResponseFormat(readingSchema, 'triage_reading')

/** The turns the reading sees: the owner's message in the light of the few before it. */
const READING_TURNS = 6

export function readingPrompt(cat: CatProfileForAssistant | null): string {
  return [
    "You read one cat owner's message for a cat-care app and judge how urgently this cat needs a vet.",
    'Read what the words are about: an alarming word said of a toy, of prey, of another animal or a person, as a figure of speech or a joke, or of something long over is no sign of this cat now. Signs described without the clinical word count ("breathing with his belly", "hunched and won\'t lie down", "floppy", "wobbly after the insulin", "pink in the litter clumps").',
    'emergency: a vet now (a tom straining or not passing urine, breathing with the mouth open or with effort, a lily or another poison eaten or licked, a seizure, collapse, heavy bleeding, pale gums). urgent: a vet within 24 hours. routine: everything else, questions included.',
    'Quote the evidence exactly as the owner wrote it.',
    cat
      ? asData('Cat profile', {
          name: cat.name,
          age: cat.age,
          gender: cat.gender,
          weight: cat.weight,
          weightUnit: cat.weightUnit,
          medicalConditions: cat.medicalConditions,
        })
      : null,
  ]
    .filter((line) => line !== null)
    .join('\n')
}

export function readingTurns(history: readonly AssistantMessage[]): AssistantMessage[] {
  return history.slice(-READING_TURNS).map(({ role, content }) => ({ role, content }))
}
