// /interview (docs/product.md §4 "Interview"): the receptionist's interview. When every field is answered,
// six closing lines run and the interview is completed; without a subscription the owner goes to /paywall,
// with one the trial or subscription step runs (the subscription is confirmed on the server and the cat's
// profile is submitted) and the owner goes to /cat-assistant.
import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { RECEPTIONIST_NAME } from '../../../../shared/constants.ts'
import { interviewClosingMessages, interviewIntroMessages } from '../../../../shared/scripts.ts'
import { ChatError, ChatScreen } from '../../features/chat/index.ts'
import {
  confirmSubscription,
  createProfile,
  type FinalStepTools,
  useInterviewEngine,
  useProfileCalls,
} from '../../features/interview/index.ts'
import { useGlobalLoading } from '../../loading.tsx'
import { hasSubscription, readText } from '../../storage.ts'

const INTRO = interviewIntroMessages(RECEPTIONIST_NAME)

export function InterviewPage() {
  const navigate = useNavigate()
  // 'Skip intro' on the onboarding chat: this intro shows at once too.
  const skipIntro = (useLocation().state as { skipIntro?: boolean } | null)?.skipIntro === true
  const { track } = useGlobalLoading()
  const profile = useProfileCalls()

  const runFinal = useCallback(async ({ play, dispatch, sync }: FinalStepTools) => {
    await play(interviewClosingMessages(readText('cat_name')))
    dispatch({ type: 'completed' })
    await sync()
  }, [])

  const onDone = useCallback(async () => {
    if (!hasSubscription() || !(await track(confirmSubscription(profile)))) {
      navigate('/paywall', { replace: true })
      return
    }
    await track(createProfile(profile))
    navigate('/cat-assistant', { replace: true })
  }, [navigate, track, profile])

  const engine = useInterviewEngine({
    intro: INTRO,
    skipIntro,
    ready: true,
    runFinal,
    onDone,
  })

  return (
    <ChatScreen
      layout="card"
      titleId="interview-title"
      title={`Interview with ${RECEPTIONIST_NAME}`}
      status={
        <p className="chat__status" role="status">
          {engine.done ? 'Interview completed' : `${RECEPTIONIST_NAME}, receptionist`}
        </p>
      }
      actions={
        engine.scripted && (
          <button type="button" className="btn btn--secondary chat__skip" onClick={engine.skip}>
            {engine.scripted === 'intro' ? 'Skip intro' : 'Skip'}
          </button>
        )
      }
      reception
      messages={engine.messages}
      author={RECEPTIONIST_NAME}
      typing={engine.typing}
      after={engine.error ? <ChatError message={engine.error} onRetry={engine.retry} /> : null}
      composer={{
        onSend: engine.answer,
        // The owner may answer while the intro is still arriving (it then shows at once).
        sendDisabled: !(engine.replyExpected || engine.scripted === 'intro'),
        label: `Answer ${RECEPTIONIST_NAME}`,
        placeholder: engine.replyExpected
          ? 'Type your answer…'
          : engine.scripted === 'intro'
            ? `Answer now, or let ${RECEPTIONIST_NAME} finish…`
            : `${RECEPTIONIST_NAME} is talking…`,
      }}
    />
  )
}
