// The receptionist's side of the interview (docs/product.md §4 Interview): its next line and its check of an
// answer, from the assistant, with an outage as the catalogue's 503.
import { FALLBACK_CAT_NAME } from '../../../shared/constants.ts'
import { dropEmptyMessages } from '../../../shared/rules/interview-flow.ts'
import type { Assistant, AssistantMessage } from '../../services/assistant/types.ts'
import { assistantError } from '../assistant-outage.ts'
import { withoutCatNames } from '../chat/safety.ts'
import { forCat, triageMessage } from '../chat/triage.ts'

type Messages = ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>
/** A field of docs/product.md §4's interview, or 'none' once every field is answered. */
type Field = Parameters<Assistant['interviewTurn']>[0]['field']

/** What the assistant reads: roles and non-empty texts (docs/product.md §4: empty messages are dropped). */
function transcript(messages: Messages): AssistantMessage[] {
  return dropEmptyMessages(messages).map((m) => ({ role: m.role, content: m.content }))
}

/**
 * The next line, asking for `field` (again, with `reason`, when the last answer did not count) or
 * wrapping up for 'none'.
 */
export async function nextLine(
  assistant: Pick<Assistant, 'interviewTurn'>,
  request: { field: Field; messages: Messages; reason?: string | undefined },
): Promise<string> {
  try {
    return await assistant.interviewTurn({
      field: request.field,
      messages: transcript(request.messages),
      ...(request.reason?.trim() ? { reason: request.reason.trim() } : {}),
    })
  } catch (error) {
    throw assistantError(error)
  }
}

/**
 * Whether the owner's last message answers `field`, and the answer it gives; and, before any assistant
 * reads it, the product's triage of that message: an owner who tells the receptionist of an urgent sign
 * is sent to a vet first, as in the chat.
 */
export async function checkAnswer(
  assistant: Pick<Assistant, 'checkAnswer'>,
  request: { field: Field; messages: Messages; cat_name?: string | undefined },
) {
  const said = transcript(request.messages)
  const last = said.at(-1)
  // The name answer is the name, whatever it is; later answers are read without it.
  const triage =
    last?.role === 'user' && request.field !== 'cat_name'
      ? triageMessage(
          withoutCatNames(last.content, request.cat_name ? [{ name: request.cat_name }] : []),
          {},
          said.slice(0, -1),
        )
      : null
  const urgent =
    triage?.escalation && triage.urgency !== 'routine'
      ? { urgency: triage.urgency, escalation: forCat(triage.escalation, FALLBACK_CAT_NAME) }
      : {}
  try {
    return { ...(await assistant.checkAnswer({ field: request.field, messages: said })), ...urgent }
  } catch (error) {
    throw assistantError(error)
  }
}
