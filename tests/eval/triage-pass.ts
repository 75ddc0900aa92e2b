// The eval's function pass (docs/testing.md, "The specialist eval"): each case's reply composed the way
// the chat composes it (server/domain/chat/reply.ts), without HTTP or a database: the product's safety
// step (triageAmongCats, the same function the chat calls), then what the assistant writes after it,
// the offline specialist's text or the OpenAI double's fixed line. The whole corpus takes seconds; the
// HTTP path runs on a fixed sample and must give the same verdicts (specialist.eval.ts).
import { triageAmongCats } from '../../server/domain/chat/safety.ts'
import { catProfile, type SpecialistCat } from '../../server/domain/chat/specialist-cat.ts'
import { higherUrgency, type Urgency } from '../../server/domain/chat/triage.ts'
import type { Cat } from '../../server/generated/prisma/client.ts'
import { withPhotoNote } from '../../server/services/assistant/offline/photo-note.ts'
import { composeReply } from '../../server/services/assistant/offline/specialist.ts'
import type { AssistantMessage } from '../../server/services/assistant/types.ts'
import { catRow, type EvalCase } from './eval-cases.ts'
import { judge, type Outcome } from './eval-score.ts'

/** The two assistants CI scores: the offline specialist, and the OpenAI double that never escalates. */
export type PassAssistant = 'offline' | 'double'

/** What the OpenAI double answers every chat with in the eval (specialist.eval.ts sets it). */
export const DOUBLE_REPLY = 'Keep fresh water out, the litter box clean, and see how it goes.'

const EPOCH = new Date(0)

/** A cat row as the database would hold it after subscriberWithCat (its defaults filled in). */
function catOf(id: number, fields: Record<string, unknown>): Cat {
  return {
    id,
    userId: 1,
    sessionId: null,
    name: 'Luna',
    breed: 'Persian',
    gender: '',
    age: 5,
    weight: null,
    weightUnit: 'Lbs',
    targetWeight: null,
    goals: [],
    issuesFaced: [],
    activityLevel: '',
    requiredProgress: [],
    checkInPeriod: '',
    trainingDays: [],
    medicalConditions: '',
    medications: '',
    dietaryRestrictions: '',
    medicalHistory: '',
    items: [],
    foodBowls: null,
    treats: null,
    playtime: null,
    welcomeMessageSpecificDetail: '',
    welcomeMessageRelevantResponse: '',
    followUpsOn: true,
    createdAt: EPOCH,
    updatedAt: EPOCH,
    ...fields,
  } as Cat
}

/** The last reply to the case, turn by turn, as the chat would store it. */
export function passReply(c: EvalCase, assistant: PassAssistant): { urgency: Urgency; message: string } {
  const cat = catOf(1, catRow(c.cat))
  const cats = [
    cat,
    ...(c.otherCats ?? []).map((name, index) => catOf(index + 2, { name, breed: '', age: null })),
  ]
  const names = cats.map((each) => each.name.trim()).filter((name) => name !== '')
  // With other cats the case's cat is the one chosen in the switcher (specialist.eval.ts sends its id).
  const chosen: SpecialistCat = { ...cat, household: { names, chosen: c.otherCats !== undefined } }
  const history: AssistantMessage[] = []
  // The cats' open escalations, kept after each reply as the chat keeps them (reply.ts, escalations.ts).
  const held = new Map<number, Urgency>()
  let last = { urgency: 'routine' as Urgency, message: '' }
  for (const turn of c.turns) {
    history.push({ role: 'user', content: turn })
    const safety = triageAmongCats(cats, chosen, history, held)
    const lead = [safety.reminder, safety.opening].filter((part): part is string => part !== null)
    const said = lead.length > 0 ? `${lead.join('\n\n')}\n\n` : ''
    let written = ''
    if (!safety.triage.kept) {
      const about = safety.cat?.id === chosen.id ? chosen : (safety.cat as SpecialistCat | null)
      const triage = {
        urgency: safety.triage.urgency,
        said: safety.opening,
        signs: safety.triage.findings.map((finding) => finding.title),
        ...(safety.reminder && safety.held !== 'routine' ? { held: safety.held } : {}),
      }
      written =
        assistant === 'double'
          ? DOUBLE_REPLY
          : withPhotoNote(
              history,
              composeReply({
                cat: about ? { ...catProfile(about), weightLog: null, currentMedications: [] } : null,
                history,
                triage,
              }),
            )
    }
    const text = said + written
    const message = text.trim() === said.trim() ? said.trimEnd() : text
    last = { urgency: safety.triage.urgency, message }
    history.push({ role: 'assistant', content: message, urgency: last.urgency })
    const about = safety.cat?.id
    if (about !== undefined) {
      if (safety.triage.closed) held.delete(about)
      else if (!safety.triage.kept && last.urgency !== 'routine')
        held.set(about, higherUrgency(held.get(about) ?? 'routine', last.urgency))
    }
  }
  return last
}

/** The verdict on one case by the function pass. */
export function passOutcome(c: EvalCase, assistant: PassAssistant): Outcome {
  const { urgency, message } = passReply(c, assistant)
  return judge(c, urgency, message, assistant)
}
