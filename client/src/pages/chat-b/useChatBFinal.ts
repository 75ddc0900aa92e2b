// Chat B's finalizing (docs/product.md §4 "Chat variant B", steps 1 to 5; step 1, marking the final lines
// started, is the interview engine's): the 'creating profile' lines, the profile submitted with the session
// id, the 'profile created' lines once, then the interview completed and finalized.
import { useCallback } from 'react'
import { creatingProfileMessages, profileCreatedMessages } from '../../../../shared/scripts.ts'
import { createProfile, type FinalStepTools, useProfileCalls } from '../../features/interview/index.ts'
import { useGlobalLoading } from '../../loading.tsx'
import { hasUsableCatId, readText } from '../../storage.ts'

export function useChatBFinal() {
  const { setLoading } = useGlobalLoading()
  const profile = useProfileCalls()
  return useCallback(
    async ({ play, stored, dispatch, sync }: FinalStepTools) => {
      const name = readText('cat_name')
      if (!hasUsableCatId()) {
        await play(creatingProfileMessages(name))
        setLoading(true)
        try {
          await createProfile(profile)
        } finally {
          setLoading(false)
        }
        // The message index restarts at 0 between the two phases.
        dispatch({ type: 'final-index-reset' })
      }
      if (!stored().messageSent) {
        await play(profileCreatedMessages(name))
        dispatch({ type: 'profile-message-sent' })
      }
      dispatch({ type: 'completed', finalized: true })
      await sync()
    },
    [setLoading, profile],
  )
}
