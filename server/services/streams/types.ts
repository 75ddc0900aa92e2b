// Resumable replies: a specialist's reply is generated apart from the HTTP request that asked
// for it. Its pieces are kept where every instance can read them (Redis when REDIS_URL is set, this
// process otherwise), so a reloaded page, or a page on another instance, reads what was already written
// and then the rest as it arrives. Stop is a signal any instance can send.

/** 'live' while generating; 'done' once stored; 'failed' when the upstream failed (nothing stored). */
export type ReplyState = 'live' | 'done' | 'failed'

export interface ReplyStreams {
  /**
   * Claims the generation of the reply for `key` (one owner message). Returns the reply id that is
   * generating it: `replyId` when this caller won, the earlier caller's id otherwise.
   */
  claim(key: string, replyId: string): Promise<string>
  /** Lets the claim for `key` go, so a later retry may generate again (after a failure). */
  release(key: string): Promise<void>
  /** Keeps the claim for `key` alive while its reply is being written (a dead instance's claim lapses). */
  touch(key: string): Promise<void>
  append(replyId: string, piece: string): Promise<void>
  end(replyId: string, state: 'done' | 'failed'): Promise<void>
  /** The pieces from index `from` on, and the state (null: no such reply, or it expired). */
  read(replyId: string, from: number): Promise<{ pieces: string[]; state: ReplyState | null }>
  /** Resolves at the next append or end of `replyId`, or after `timeoutMs`, or when `signal` aborts. */
  changed(replyId: string, timeoutMs: number, signal?: AbortSignal): Promise<void>
  /** Asks whichever instance generates `replyId` to stop it. */
  stop(replyId: string): Promise<void>
  /** Calls `listener` when someone asks to stop `replyId`; returns the unsubscribe function. */
  onStop(replyId: string, listener: () => void): Promise<() => void>
  /** The reply being generated in a conversation, so a page that loads can reattach to it. */
  setActive(conversationId: number, replyId: string): Promise<void>
  clearActive(conversationId: number, replyId: string): Promise<void>
  active(conversationId: number): Promise<string | null>
  close(): Promise<void>
}

/** How long a finished reply stays readable, and a claim or live reply without news stays valid. */
export const REPLY_TTL_MS = 10 * 60_000
/** A live reply with no new piece for this long is taken as lost (its instance died). */
export const REPLY_SILENCE_MS = 30_000
