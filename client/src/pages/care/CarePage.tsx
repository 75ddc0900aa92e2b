// /care, "Care" in the menu: the chosen cat's check-in plan (with the next check-in), its check-ins, its
// health record (vaccinations, medications, documents, vets) and whether follow-ups after an urgent
// answer are asked.
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { CareCheckIns, CarePlanEditor } from '../../features/care/index.ts'
import { FollowUpSetting } from '../../features/follow-ups/FollowUpSetting.tsx'
import { Documents, Medications, Vaccinations, Vets } from '../../features/health-record/index.ts'
import { CatPage } from './CatPage.tsx'

export function CarePage() {
  return (
    <CatPage title="Care">
      {(cat) => (
        <div className="stack">
          <CarePlanEditor catId={cat.id} />
          <CareCheckIns catId={cat.id} unit={cat.unit === 'Kg' ? 'Kg' : 'Lbs'} />
          <Vaccinations catId={cat.id} />
          <Medications catId={cat.id} />
          <Documents catId={cat.id} />
          <Vets catId={cat.id} />
          <FollowUpSetting key={cat.id} catId={cat.id} catName={catDisplayName(cat.name)} />
        </div>
      )}
    </CatPage>
  )
}
