// /care, "Care" in the menu: the chosen cat's check-in plan (with the next check-in) and its check-ins.
import { CareCheckIns, CarePlanEditor } from '../../features/care/index.ts'
import { CatPage } from './CatPage.tsx'

export function CarePage() {
  return (
    <CatPage title="Care">
      {(cat) => (
        <div className="stack">
          <CarePlanEditor catId={cat.id} />
          <CareCheckIns catId={cat.id} unit={cat.unit === 'Kg' ? 'Kg' : 'Lbs'} />
        </div>
      )}
    </CatPage>
  )
}
