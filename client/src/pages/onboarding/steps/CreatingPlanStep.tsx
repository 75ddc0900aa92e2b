import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { WIZARD_AUTO_ADVANCE_MS } from '../../../../../shared/constants.ts'
import { DEFAULT_ERRORS } from '../../../../../shared/errors.ts'
import { catDisplayName } from '../../../../../shared/rules/recommendations.ts'
import { nextStep } from '../../../../../shared/rules/wizard.ts'
import { ErrorBox } from '../../../components/ErrorBox.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import {
  NEW_OR_UPDATE_TITLE,
  NewOrUpdateQuestion,
  type PlanTarget,
} from '../../../features/household/NewOrUpdateQuestion.tsx'
import {
  catInputFromStorage,
  forgetQuizAnswers,
  storeCreatedCat,
  storeUpdatedCat,
} from '../../../hooks/useCatAnswers.ts'
import { wait } from '../../../runtime-config.ts'
import { readText } from '../../../storage.ts'
import { errorMessage, trpc } from '../../../trpc.ts'
import { useWizard } from '../wizard-context.ts'
import { WIZARD_PROGRESS } from './progress.ts'

const CREATING_PLAN_STEP = 13

const NEW_CAT: PlanTarget = { kind: 'new' }

const PlanAnimation = lazy(async () => ({ default: (await import('./PlanAnimation.tsx')).PlanAnimation }))

/**
 * Step 13. An owner who already has a cat is asked first whether the answers are a new cat or an update
 * of one of theirs; an owner without one goes straight on.
 */
export function CreatingPlanStep() {
  const cats = trpc.cat.list.useQuery(undefined, { staleTime: 0 })
  const [target, setTarget] = useState<PlanTarget | null>(null)
  // Decided once: the list read again after the creation must not bring the question back.
  if (!target && cats.data?.length === 0 && !cats.isFetching) {
    setTarget(NEW_CAT)
    return null
  }
  if (target) return <CreatingPlan target={target} />
  if (cats.isPending || cats.isFetching) {
    return (
      <QuizStep progress={WIZARD_PROGRESS(13)} title="Creating Your Personal Plan">
        <p className="muted" role="status">
          Checking your cats…
        </p>
      </QuizStep>
    )
  }
  if (cats.isError) {
    return (
      <QuizStep progress={WIZARD_PROGRESS(13)} title={NEW_OR_UPDATE_TITLE}>
        <ErrorBox action={{ label: 'Try again', onClick: () => void cats.refetch() }}>
          {errorMessage(cats.error, DEFAULT_ERRORS.fetchCats)}
        </ErrorBox>
      </QuizStep>
    )
  }
  return <NewOrUpdateQuestion cats={cats.data} progress={WIZARD_PROGRESS(13)} onAnswer={setTarget} />
}

/** Creates or updates the cat once per mount, then moves on to 15 after WIZARD_AUTO_ADVANCE_MS (4 s). */
function CreatingPlan({ target }: { target: PlanTarget }) {
  const { goTo } = useWizard()
  const utils = trpc.useUtils()
  const [attempt, setAttempt] = useState(0)
  // The attempt whose pause has passed: the step moves on once that attempt's plan is made too.
  const [waited, setWaited] = useState(-1)
  const [error, setError] = useState<string | null>(null)
  // One creation per mount and per Retry, whatever React does with effects (StrictMode runs them twice).
  const started = useRef(-1)
  // Read once: the answers are forgotten as soon as the cat is made, while this screen still shows.
  const [name] = useState(() => catDisplayName(readText('cat_name')))

  // docs/product.md §4: the cat is created from the stored answers. Step 13 is a signed-in owner's
  // (docs/product.md §6: visitors use steps 1 to 3; the wizard refuses them the rest). A failure is
  // logged and the wizard does not move on.
  const onError = (failure: unknown) => console.error('Creating the plan failed', failure)
  const create = trpc.cat.create.useMutation({
    onSuccess: (created, input) => {
      storeCreatedCat(created.id, input, created.recommendations)
      forgetQuizAnswers()
      return utils.cat.list.invalidate()
    },
    onError,
  })
  const update = trpc.cat.update.useMutation({
    onSuccess: (updated) => {
      storeUpdatedCat(updated)
      forgetQuizAnswers()
      return utils.cat.list.invalidate()
    },
    onError,
  })
  const plan = target.kind === 'update' ? update : create
  const { mutate: createCat } = create
  const { mutate: updateCat } = update

  useEffect(() => {
    if (started.current !== attempt) {
      started.current = attempt
      // The error of the last attempt stays until this one has its answer.
      const settled = {
        onSuccess: () => setError(null),
        onError: (failure: unknown) => setError(errorMessage(failure, DEFAULT_ERRORS.createCat)),
      }
      const input = catInputFromStorage()
      if (target.kind === 'update') {
        // The answers change that cat; what they do not name (its photo) stays.
        const { session_id: _session, photo: _photo, ...fields } = input
        updateCat({ ...fields, id: target.id }, settled)
      } else {
        createCat(input, settled)
      }
    }
    const controller = new AbortController()
    wait(WIZARD_AUTO_ADVANCE_MS, controller.signal).then(
      () => setWaited(attempt),
      () => {},
    )
    return () => controller.abort()
  }, [attempt, target, createCat, updateCat])

  useEffect(() => {
    if (plan.isSuccess && waited === attempt) goTo(nextStep(CREATING_PLAN_STEP))
  }, [plan.isSuccess, waited, attempt, goTo])

  return (
    <QuizStep
      progress={WIZARD_PROGRESS(13)}
      title="Creating Your Personal Plan"
      subtitle={`Please wait while our specialists put together ${name}'s plan. This takes a few seconds.`}
      notice={
        error && (
          <ErrorBox action={{ label: 'Try again', onClick: () => setAttempt((a) => a + 1) }}>
            {error}
          </ErrorBox>
        )
      }
    >
      <div className="plan-animation__frame">
        <Suspense fallback={<p className="muted">Loading animation...</p>}>
          <PlanAnimation />
        </Suspense>
      </div>
    </QuizStep>
  )
}
