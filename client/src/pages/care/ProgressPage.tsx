// /care/progress, "Progress" in the menu: the chosen cat's week, weight chart and table, the form to log
// a weight, and the vet report with its share links.
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { ProgressReport } from '../../features/progress/index.ts'
import { CatPage } from './CatPage.tsx'

export function CareProgressPage() {
  return (
    <CatPage title="Progress">
      {(cat) => (
        <div className="stack">
          <h2 className="report__name">{catDisplayName(cat.name)}</h2>
          {/* Keyed: nothing of one cat's page (a share link just made) stays on screen for another. */}
          <ProgressReport key={cat.id} cat={cat} />
        </div>
      )}
    </CatPage>
  )
}
