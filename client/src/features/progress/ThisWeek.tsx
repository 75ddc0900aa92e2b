// "This week" on /progress: one sentence on what changed since last week (with the
// fatty-liver warning when the log shows a loss faster than 2 % a week), the check-ins kept against
// planned over the last four weeks, and this week's plan from the one nutrition rule.
import { dailyFood, foodText } from '../../../../shared/rules/nutrition.ts'
import { treatsLabel } from '../../../../shared/rules/recommendations.ts'
import type { WeightTrend } from '../../../../shared/rules/weight-trend.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import type { ProgressOverview } from '../../../../shared/schemas/progress.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'

function checkInText(checkIns: ProgressOverview['check_ins']): string {
  const planned = checkIns.filter((c) => c.status !== 'due')
  if (checkIns.length === 0) return 'No check-ins yet.'
  const done = planned.filter((c) => c.status === 'done').length
  return `${done} of ${planned.length} planned check-ins done in the last four weeks.`
}

/** `vetFirst`: the cat's escalation is open, so the plan pauses play and training until the vet. */
function planText(cat: Cat, vetFirst: boolean): string {
  const food = dailyFood(cat)
  const days = vetFirst
    ? ` Vet first: no play or training until ${cat.name.trim() || 'your cat'} has seen the vet.`
    : cat.training_days.length > 0
      ? ` Training days: ${cat.training_days.join(', ')}.`
      : ''
  // No weight given: no figure at all, the sentence asking for it.
  if (food.kind === 'missing') return `${food.text}${days}`
  const parts = food.kind === 'plan' ? [foodText(food)] : []
  if (cat.treats !== null) parts.push(`${cat.treats} ${treatsLabel(cat.treats).toLowerCase()}`)
  if (cat.playtime !== null && !vetFirst) parts.push(`${cat.playtime} minutes of play`)
  const daily = parts.length > 0 ? `${parts.join('; ')} a day.` : ''
  // The rule's question (a target for the vet first, a kitten to weigh) stands in for the amount.
  const question = food.kind === 'question' ? ` ${foodText(food)}` : ''
  return `${daily}${question}${days}`.trim()
}

export function ThisWeek({
  cat,
  trend,
  checkIns,
  vetFirst = false,
}: {
  cat: Cat
  trend: WeightTrend
  checkIns: ProgressOverview['check_ins']
  vetFirst?: boolean
}) {
  return (
    <section aria-labelledby="report-week" className="report__section">
      <h3 id="report-week">This week</h3>
      <dl className="report__fields progress-week">
        <div className="report__field">
          <dt>What changed</dt>
          <dd>{trend.changeSentence}</dd>
        </div>
        <div className="report__field">
          <dt>Check-ins</dt>
          <dd>{checkInText(checkIns)}</dd>
        </div>
        <div className="report__field">
          <dt>This week's plan</dt>
          <dd>{planText(cat, vetFirst)}</dd>
        </div>
      </dl>
      {trend.tooFast && (
        <ErrorBox className="progress-warning">
          The log shows a loss of more than 2 % of body weight a week. Losing weight this fast can cause fatty
          liver disease (hepatic lipidosis), which is dangerous for cats: feed the planned amount, do not cut
          it further, and talk to your vet.
        </ErrorBox>
      )}
    </section>
  )
}
