// The care plan, editable: the rhythm, the training days as toggle buttons, the reminder time,
// the zone by name, e-mail and push, whether the household is mailed too, pause and resume, of the cat it is given (the switcher's cat): every
// read and write names that cat, so the server's "current cat" default never picks another one.
import { type FormEvent, useEffect, useId, useState } from 'react'
import { CHECK_IN_PERIODS, TRAINING_DAYS } from '../../../../shared/options.ts'
import type { CarePlan } from '../../../../shared/schemas/care.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { TextField } from '../../components/TextField.tsx'
import { browserTimeZone } from '../../time-zone.tsx'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { type TrainingDay, toggleDay, zoneLabel } from './plan-form.ts'
import { PushUnavailable, subscribeThisDevice } from './push.ts'

type Draft = Pick<
  CarePlan,
  'check_in_period' | 'training_days' | 'reminder_time' | 'timezone' | 'channels' | 'members_reminded'
>

const draftOf = (plan: CarePlan): Draft => ({
  check_in_period: plan.check_in_period,
  training_days: plan.training_days,
  reminder_time: plan.reminder_time,
  timezone: plan.timezone,
  channels: plan.channels,
  members_reminded: plan.members_reminded,
})

const nextText = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString(undefined, {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })

/** `card`: drawn as a card of its own (the profile page); else a section of the page's card (/progress). */
export function CarePlanEditor({ catId, card = false }: { catId: number; card?: boolean }) {
  const plan = trpc.care.plan.useQuery({ cat_id: catId }, { retry: false })
  if (plan.isLoading) {
    return (
      <p className="muted" role="status">
        Loading your care plan…
      </p>
    )
  }
  if (plan.error || !plan.data) {
    if (errorCode(plan.error) === 'CAT_NOT_FOUND') return null
    return <ErrorBox>{errorMessage(plan.error, 'Could not load the care plan')}</ErrorBox>
  }
  return <Editor key={catId} catId={catId} plan={plan.data} card={card} />
}

/** A row of toggle buttons under a legend (each says whether it is pressed). */
function ToggleGroup<T extends string>(props: {
  legend: string
  items: readonly T[]
  pressed(item: T): boolean
  onToggle(item: T): void
}) {
  return (
    <fieldset className="care-plan__group">
      <legend>{props.legend}</legend>
      <div className="care-plan__toggles">
        {props.items.map((item) => (
          <button
            key={item}
            type="button"
            className="choice care-plan__toggle"
            aria-pressed={props.pressed(item)}
            onClick={() => props.onToggle(item)}
          >
            {item}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

function Editor({ catId, plan, card }: { catId: number; plan: CarePlan; card: boolean }) {
  const id = useId()
  const utils = trpc.useUtils()
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan))
  const [saved, setSaved] = useState(false)
  useEffect(() => setDraft(draftOf(plan)), [plan])
  const update = trpc.care.updatePlan.useMutation({
    onSuccess: (fresh) => {
      utils.care.plan.setData({ cat_id: catId }, fresh)
      setSaved(true)
    },
  })
  const here = browserTimeZone()
  const subscribePush = trpc.care.subscribePush.useMutation()
  const [pushProblem, setPushProblem] = useState<string | null>(null)

  /** Push on: this device subscribes first; a browser that cannot leaves the box unticked and says why. */
  async function choosePush(on: boolean) {
    setPushProblem(null)
    if (!on) return set({ channels: { ...draft.channels, push: false } })
    try {
      const { public_key: key } = await utils.care.pushKey.fetch()
      await subscribePush.mutateAsync(await subscribeThisDevice(key))
      set({ channels: { ...draft.channels, push: true } })
    } catch (error) {
      setPushProblem(
        error instanceof PushUnavailable
          ? error.message
          : errorMessage(error, 'Could not turn on notifications'),
      )
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaved(false)
    update.mutate({ ...draft, cat_id: catId })
  }
  const set = (change: Partial<Draft>) => {
    setSaved(false)
    setDraft((d) => ({ ...d, ...change }))
  }

  return (
    <section
      className={card ? 'card card--wide care-plan' : 'report__section care-plan'}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Check-in plan</h2>
      <p className="muted" role="status">
        {plan.paused || !plan.next_check_in_at
          ? 'Reminders are paused.'
          : `Next check-in: ${nextText(plan.next_check_in_at, plan.timezone)}.`}
      </p>
      <form className="stack" noValidate onSubmit={save}>
        <ToggleGroup
          legend="How often"
          items={CHECK_IN_PERIODS}
          pressed={(period) => draft.check_in_period === period}
          onToggle={(period) => set({ check_in_period: period })}
        />
        <ToggleGroup
          legend="Training days"
          items={TRAINING_DAYS}
          pressed={(day) => draft.training_days.includes(day)}
          onToggle={(day) => set({ training_days: toggleDay(draft.training_days as TrainingDay[], day) })}
        />
        <TextField
          id={`${id}-time`}
          label="Reminder time"
          type="time"
          required
          value={draft.reminder_time}
          onChange={(e) => set({ reminder_time: e.target.value.slice(0, 5) })}
        />
        <p>
          Time zone: <strong>{zoneLabel(draft.timezone)}</strong>
          {here && here !== draft.timezone && (
            <>
              {' '}
              <button type="button" className="btn btn--ghost" onClick={() => set({ timezone: here })}>
                Use {zoneLabel(here)}
              </button>
            </>
          )}
        </p>
        <fieldset className="care-plan__group">
          <legend>Remind me by</legend>
          <label className="care-plan__check">
            <input
              type="checkbox"
              checked={draft.channels.email}
              onChange={(e) => set({ channels: { ...draft.channels, email: e.target.checked } })}
            />{' '}
            E-mail
          </label>
          <label className="care-plan__check">
            <input
              type="checkbox"
              checked={draft.channels.push}
              disabled={subscribePush.isPending}
              onChange={(e) => void choosePush(e.target.checked)}
            />{' '}
            Notifications on this device
          </label>
          <label className="care-plan__check">
            <input
              type="checkbox"
              checked={draft.members_reminded}
              onChange={(e) => set({ members_reminded: e.target.checked })}
            />{' '}
            E-mail my household too (family, and sitters while their access lasts)
          </label>
          {pushProblem && (
            <p className="field-error" role="alert">
              {pushProblem}
            </p>
          )}
        </fieldset>
        {update.error && <ErrorBox>{errorMessage(update.error, 'Could not save the plan')}</ErrorBox>}
        {saved && (
          <p className="notice" role="status">
            Plan saved.
          </p>
        )}
        <div className="care-plan__actions">
          <button type="submit" className="btn btn--primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save plan'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={update.isPending}
            onClick={() => {
              setSaved(false)
              update.mutate({ cat_id: catId, paused: !plan.paused })
            }}
          >
            {plan.paused ? 'Resume reminders' : 'Pause reminders'}
          </button>
        </div>
      </form>
    </section>
  )
}
