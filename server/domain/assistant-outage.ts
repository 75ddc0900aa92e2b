// The assistant (specialist or receptionist) being down, as the client sees it.
import { appError } from '../errors.ts'
import { AssistantUnavailableError } from '../services/assistant/errors.ts'

/** An assistant outage as the client sees it: 503 with the catalogue's text; anything else is unexpected. */
export function assistantError(error: unknown): unknown {
  if (error instanceof AssistantUnavailableError) {
    return appError('ASSISTANT_UNAVAILABLE', { cause: error })
  }
  return error
}
