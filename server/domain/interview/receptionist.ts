// The receptionist's side of the interview (SPEC §4 Interview): its next line and its check of an answer,
// from the assistant, with an outage as the catalogue's 503.
import { dropEmptyMessages } from '../../../shared/rules/interview-flow.ts'
import type { Assistant, AssistantMessage } from '../../services/assistant/types.ts'
import { assistantError } from '../assistant-outage.ts'

type Messages = ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>
/** A field of SPEC §4's interview, or 'none' once every field is answered. */
type Field = Parameters<Assistant['interviewTurn']>[0]['field']

/** What the assistant reads: roles and non-empty texts (SPEC §4: empty messages are dropped). */
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

/** Whether the owner's last message answers `field`, and the answer it gives. */
export async function checkAnswer(
  assistant: Pick<Assistant, 'checkAnswer'>,
  request: { field: Field; messages: Messages },
) {
  try {
    return await assistant.checkAnswer({ field: request.field, messages: transcript(request.messages) })
  } catch (error) {
    throw assistantError(error)
  }
}
