/** Why the upstream model could not answer; safe to log (never the key, never the upstream body). */
export type AssistantFailure = 'timeout' | 'upstream' | 'empty' | 'invalid'

/**
 * The model behind the assistant could not answer. The message is meant for the owner as it is;
 * the upstream error is deliberately not kept as `cause`, because its text can echo the API key.
 */
export class AssistantUnavailableError extends Error {
  override readonly name = 'AssistantUnavailableError'
  readonly failure: AssistantFailure
  /** The upstream HTTP status, when there was one. */
  readonly status: number | undefined

  constructor(failure: AssistantFailure, status?: number) {
    super('The assistant is not available right now. Please try again in a moment.')
    this.failure = failure
    this.status = status
  }
}
