// The Care page of a sitter (docs/household.md): one page with today's tasks (the check-in, a dose, a
// weight) and the emergency card. No plan editing and no chat: a sitter logs and reads, nothing more.
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import { CareCheckIns } from '../../features/care/index.ts'
import { TodaysDoses } from '../../features/health-record/index.ts'
import { EmergencyCard } from '../../features/household/index.ts'
import { WeightForm } from '../../features/progress/index.ts'

export function SitterCare({ cat }: { cat: Cat }) {
  const unit = cat.unit === 'Kg' ? 'Kg' : 'Lbs'
  return (
    <div className="stack">
      <section className="report__section stack" aria-labelledby="sitter-today-title">
        <h2 id="sitter-today-title">Today for {catDisplayName(cat.name)}</h2>
        <CareCheckIns catId={cat.id} unit={unit} />
        <TodaysDoses catId={cat.id} />
        <WeightForm catId={cat.id} unit={unit} />
      </section>
      <EmergencyCard catId={cat.id} />
    </div>
  )
}
