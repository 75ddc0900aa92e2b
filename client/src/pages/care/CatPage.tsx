// The frame of a page about one of the owner's cats (Care, Progress): the title, the switcher, and the
// loading, error and no-cat states, so each page only draws its cat's part.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { CatSwitcher } from '../../features/household/index.ts'
import { useCats } from '../../hooks/useCats.ts'
import { errorMessage } from '../../trpc.ts'

export function CatPage({ title, children }: { title: string; children: (cat: Cat) => ReactNode }) {
  const { current, isLoading, error, refetch } = useCats()
  let body: ReactNode
  if (isLoading) {
    body = (
      <p className="muted" role="status">
        Loading…
      </p>
    )
  } else if (error) {
    body = (
      <ErrorBox action={{ label: 'Retry', onClick: () => void refetch() }}>
        {errorMessage(error, DEFAULT_ERRORS.fetchCats)}
      </ErrorBox>
    )
  } else if (!current) {
    body = (
      <div className="notice report__empty">
        <h2>No cat profile yet</h2>
        <p>Tell us about your cat and we will put together a care plan.</p>
        <Link className="btn btn--primary" to="/onboarding?step=1">
          Create your cat's profile
        </Link>
      </div>
    )
  } else {
    body = children(current)
  }
  return (
    <section className="card card--wide report" aria-labelledby="cat-page-title">
      <h1 id="cat-page-title">{title}</h1>
      <CatSwitcher />
      {body}
    </section>
  )
}
