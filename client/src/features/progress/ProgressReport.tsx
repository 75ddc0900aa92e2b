// What /progress adds for one cat: this week, the weight chart and log, and the vet report.
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import type { WeightUnit } from '../../../../shared/rules/weight.ts'
import { weightTrend } from '../../../../shared/rules/weight-trend.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import { errorMessage } from '../../trpc.ts'
import './progress.css'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { mayOnCat } from '../../hooks/useCats.ts'
import { ThisWeek } from './ThisWeek.tsx'
import { useProgressOverview } from './useProgress.ts'
import { VetReport } from './VetReport.tsx'
import { WeightProgress } from './WeightProgress.tsx'

export function ProgressReport({ cat }: { cat: Cat }) {
  const overview = useProgressOverview(cat.id)
  const unit: WeightUnit = cat.unit.toLowerCase() === 'kg' ? 'Kg' : 'Lbs'
  const name = catDisplayName(cat.name)
  if (overview.isLoading) {
    return (
      <p className="muted" role="status">
        Loading {name}'s progress…
      </p>
    )
  }
  if (!overview.data) {
    return (
      <ErrorBox action={{ label: 'Retry', onClick: () => void overview.refetch() }}>
        {errorMessage(overview.error, 'The progress could not be loaded.')}
      </ErrorBox>
    )
  }
  const trend = weightTrend(overview.data.weights, unit)
  return (
    <>
      <ThisWeek
        cat={cat}
        trend={trend}
        checkIns={overview.data.check_ins}
        vetFirst={overview.data.vet_first}
      />
      <WeightProgress cat={cat} catName={name} unit={unit} entries={overview.data.weights} trend={trend} />
      {/* The report and its links are `manage` (a sitter's are not: docs/household.md). */}
      {mayOnCat(cat, 'manage') && <VetReport catId={cat.id} />}
    </>
  )
}
