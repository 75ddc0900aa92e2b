// /care, "Care" in the menu (a sitter sees their own page instead, SitterCare; family the owner's): the answers the plan still lacks (asked once), the chosen cat's check-in plan (with the next check-in), its check-ins, its
// health record (vaccinations, medications, documents, vets) and whether follow-ups after an urgent
// answer are asked, and who logged what (the household's activity, docs/household.md).
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { CareCheckIns, CarePlanEditor, PlanAnswersCard } from '../../features/care/index.ts'
import { FollowUpSetting } from '../../features/follow-ups/FollowUpSetting.tsx'
import { Documents, Medications, Vaccinations, Vets } from '../../features/health-record/index.ts'
import { ActivityList } from '../../features/household/index.ts'
import { CatPage } from './CatPage.tsx'
import { SitterCare } from './SitterCare.tsx'

export function CarePage() {
  return (
    <CatPage title="Care">
      {(cat) =>
        cat.role === 'sitter' ? (
          <SitterCare key={cat.id} cat={cat} />
        ) : (
          <div className="stack">
            <PlanAnswersCard key={cat.id} cat={cat} />
            <CarePlanEditor catId={cat.id} />
            <CareCheckIns catId={cat.id} unit={cat.unit === 'Kg' ? 'Kg' : 'Lbs'} />
            <Vaccinations catId={cat.id} />
            <Medications catId={cat.id} />
            <Documents catId={cat.id} />
            <Vets catId={cat.id} />
            <FollowUpSetting key={cat.id} catId={cat.id} catName={catDisplayName(cat.name)} />
            <ActivityList catId={cat.id} />
          </div>
        )
      }
    </CatPage>
  )
}
