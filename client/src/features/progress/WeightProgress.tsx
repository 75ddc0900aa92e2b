// The weight part of /progress: the chart, its table and the form to log a weight, for one cat. A delete
// is asked once more first: a weighing cannot be brought back.
import { useState } from 'react'
import type { WeightUnit } from '../../../../shared/rules/weight.ts'
import { unitLabel } from '../../../../shared/rules/weight.ts'
import type { WeightTrend } from '../../../../shared/rules/weight-trend.ts'
import { inUnit } from '../../../../shared/rules/weight-trend.ts'
import type { WeightEntry } from '../../../../shared/schemas/care.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { mayOnCat } from '../../hooks/useCats.ts'
import { errorMessage } from '../../trpc.ts'
import { useWeightChanges } from './useProgress.ts'
import { WeightChart } from './WeightChart.tsx'
import { WeightForm } from './WeightForm.tsx'
import { WeightTable } from './WeightTable.tsx'

export interface WeightProgressProps {
  cat: Cat
  catName: string
  unit: WeightUnit
  entries: readonly WeightEntry[]
  trend: WeightTrend
}

export function WeightProgress({ cat, catName, unit, entries, trend }: WeightProgressProps) {
  const { remove } = useWeightChanges()
  const [asked, setAsked] = useState<WeightEntry | null>(null)
  const target = cat.target_weight ? inUnit(cat.target_weight, cat.unit, unit) : null
  return (
    <section aria-labelledby="report-weight" className="report__section stack">
      <h3 id="report-weight">Weight</h3>
      {entries.length === 0 ? (
        <p className="muted">No weight logged yet. Weigh {catName} and log it below to start the chart.</p>
      ) : (
        <>
          <WeightChart catName={catName} points={trend.points} target={target} unit={unit} />
          <WeightTable
            catName={catName}
            entries={entries}
            deleting={remove.isPending ? Number(remove.variables?.id) : null}
            // Deleting an entry is `manage`: a sitter logs weights, never removes them (docs/household.md).
            {...(mayOnCat(cat, 'manage')
              ? { onDelete: (id: number) => setAsked(entries.find((entry) => entry.id === id) ?? null) }
              : {})}
          />
          {remove.error && (
            <ErrorBox>
              {errorMessage(remove.error, 'The weight could not be deleted. Please try again.')}
            </ErrorBox>
          )}
        </>
      )}
      {asked && (
        <ConfirmDialog
          title="Delete this weight?"
          busy={remove.isPending}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          cancelLabel="Keep it"
          onCancel={() => setAsked(null)}
          onConfirm={() => remove.mutate({ id: asked.id }, { onSettled: () => setAsked(null) })}
        >
          {asked.weight} {unitLabel(asked.unit)} of{' '}
          {new Date(asked.measured_at).toLocaleDateString(undefined, { dateStyle: 'medium' })} leaves{' '}
          {catName}'s log for good.
        </ConfirmDialog>
      )}
      <WeightForm key={`${cat.id}-${unit}`} catId={cat.id} unit={unit} />
    </section>
  )
}
