// Chat B's connection (docs/product.md §2 "/cat-assistant-b", §9): 'Connecting with Assistant', then
// 'Preparing Session' for the fixed delay, then 'Connected to …' (the delay itself is never shown).
// Connected stores the hasInitialized flag.
import { useEffect, useState } from 'react'
import { EXPERT_NAME, PREP_DELAY_MS } from '../../../../../shared/constants.ts'
import { wait } from '../../../runtime-config.ts'
import { writeFlag } from '../../../storage.ts'
import { isAbort } from '../script.ts'

export type Preparation = 'connecting' | 'preparing' | 'connected'

export const PREPARATION_TEXT: Record<Preparation, string> = {
  connecting: 'Connecting with Assistant',
  preparing: 'Preparing Session',
  connected: `Connected to ${EXPERT_NAME}`,
}

export function useSessionPreparation(): Preparation {
  const [state, setState] = useState<Preparation>('connecting')
  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const connect = async () => {
      // The connection is made at once; preparing the session takes the fixed delay
      // (docs/product.md §9: 7000 ms).
      await wait(0, signal)
      setState('preparing')
      await wait(PREP_DELAY_MS, signal)
      writeFlag('hasInitialized', true)
      setState('connected')
    }
    connect().catch((error: unknown) => {
      if (!isAbort(error, signal)) console.error('Chat B could not connect', error)
    })
    return () => controller.abort()
  }, [])
  return state
}
