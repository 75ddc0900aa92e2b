import { EXPERT_NAME, PREP_DELAY_MS } from '../../../../../shared/constants.ts'
import type { Preparation } from './useSessionPreparation.ts'

/**
 * The 7 s of preparation (docs/product.md §9) show what is happening instead of an empty panel; the
 * banner keeps the labels of docs/product.md §2, the bar shows how much of the wait is left.
 */
export function PreparingPanel({ state }: { state: Preparation }) {
  return (
    <div className="chat-preparing">
      <p className="chat-preparing__text">
        {state === 'connecting'
          ? `Connecting you with ${EXPERT_NAME}…`
          : `${EXPERT_NAME} is reading your cat's profile and getting the session ready. This takes a few seconds.`}
      </p>
      {state === 'preparing' && (
        <div className="chat-preparing__bar" aria-hidden="true">
          <span style={{ animationDuration: `${PREP_DELAY_MS}ms` }} />
        </div>
      )}
    </div>
  )
}
