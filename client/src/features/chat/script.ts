// Scripted lines (docs/product.md §4, §9): each waits its own delay with the typing indicator showing (tests
// move the clock through them; none is skipped).
import type { ScriptedMessage } from '../../../../shared/scripts.ts'
import { wait } from '../../runtime-config.ts'

export interface ScriptHooks {
  setTyping(on: boolean): void
  /** Shows line `index`; called in order, after that line's delay. */
  show(text: string, index: number): void
}

/** Plays `lines` from `from` on; rejects with the signal's reason when aborted. */
export async function playScript(
  lines: readonly ScriptedMessage[],
  from: number,
  hooks: ScriptHooks,
  signal: AbortSignal,
): Promise<void> {
  for (let index = from; index < lines.length; index++) {
    const line = lines[index]!
    hooks.setTyping(true)
    try {
      await wait(line.delayMs, signal)
    } finally {
      hooks.setTyping(false)
    }
    if (signal.aborted) throw signal.reason
    hooks.show(line.text, index)
  }
}

/** True for the rejection an aborted wait or request ends with (unmount, Stop). */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError'
}
