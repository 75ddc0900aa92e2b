import { type ReactNode, useEffect, useRef } from 'react'

interface QuizStepProps {
  /** Step n of total, for the progress bar; omitted on screens outside the numbered flow. */
  progress?: { step: number; total: number }
  title: string
  subtitle?: ReactNode
  children?: ReactNode
  /** The buttons under the step (Back / Next / Skip Step …). */
  actions?: ReactNode
  /** Anything shown between the content and the buttons (an alert). */
  notice?: ReactNode
}

/** One quiz screen: scrolls to the top and moves focus to its title when shown (docs/product.md §2). */
export function QuizStep({ progress, title, subtitle, children, actions, notice }: QuizStepProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    window.scrollTo({ top: 0 })
    heading.current?.focus({ preventScroll: true })
  }, [])

  return (
    <section className="card card--wide quiz" aria-labelledby="quiz-title">
      {progress && (
        <div className="quiz__progress">
          <span className="muted">
            Step {progress.step} of {progress.total}
          </span>
          <div
            className="progress-bar"
            role="progressbar"
            aria-label="Quiz progress"
            aria-valuemin={1}
            aria-valuemax={progress.total}
            aria-valuenow={progress.step}
          >
            <span style={{ width: `${(progress.step / progress.total) * 100}%` }} />
          </div>
        </div>
      )}
      <h1 id="quiz-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {subtitle && <p className="muted quiz__subtitle">{subtitle}</p>}
      <div className="stack">{children}</div>
      {notice}
      {actions && <div className="quiz__actions">{actions}</div>}
    </section>
  )
}
