/** The animation of step 13, its own chunk: 'Loading animation...' shows while it loads. */
export function PlanAnimation() {
  return (
    <svg
      className="plan-animation"
      viewBox="0 0 120 120"
      role="img"
      aria-label="A cat curled up while the plan is made"
    >
      <circle className="plan-animation__ring" cx="60" cy="60" r="52" />
      <g className="plan-animation__cat">
        <ellipse cx="60" cy="74" rx="30" ry="20" />
        <circle cx="60" cy="48" r="16" />
        <path d="M47 38 L50 24 L58 34 Z M73 38 L70 24 L62 34 Z" />
      </g>
      <g className="plan-animation__paws">
        <circle cx="24" cy="96" r="5" />
        <circle cx="96" cy="96" r="5" />
        <circle cx="60" cy="108" r="5" />
      </g>
    </svg>
  )
}
