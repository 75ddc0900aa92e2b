// The weight chart: an SVG drawn by hand (smaller than any chart library, and accessible):
// the weights over time, the target as a dashed line and, when losing toward a lower target, the safe
// pace (0.5–2 % of body weight a week from the first weighing) as a shaded band. Its numbers are also
// in the table below it (WeightTable).
import { useId } from 'react'
import type { WeightUnit } from '../../../../shared/rules/weight.ts'
import { safeBand, type WeightPoint } from '../../../../shared/rules/weight-trend.ts'

const WIDTH = 400
const HEIGHT = 200
const PAD = { left: 44, right: 12, top: 12, bottom: 28 }
const WEEK_MS = 7 * 86_400_000

const round1 = (value: number) => Math.round(value * 10) / 10
const shortDate = (at: number) =>
  new Date(at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })

export interface WeightChartProps {
  catName: string
  points: WeightPoint[]
  target: number | null
  unit: WeightUnit
}

export function WeightChart({ catName, points, target, unit }: WeightChartProps) {
  const id = useId()
  const word = unit === 'Kg' ? 'kg' : 'lb'
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return null

  const span = Math.max(last.at - first.at, 86_400_000)
  const losing = target !== null && target < first.value
  const band = losing ? safeBand(first.value, span / WEEK_MS) : null
  const values = [
    ...points.map((p) => p.value),
    ...(target !== null ? [target] : []),
    ...(band ? [band.fast] : []),
  ]
  const low = Math.min(...values)
  const high = Math.max(...values)
  const pad = Math.max((high - low) * 0.1, 0.2)
  const yMin = low - pad
  const yMax = high + pad
  const innerW = WIDTH - PAD.left - PAD.right
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const x = (at: number) => PAD.left + ((at - first.at) / span) * innerW
  const y = (value: number) => PAD.top + (1 - (value - yMin) / (yMax - yMin)) * innerH
  const line = points.map((p) => `${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')
  const endAt = first.at + span
  const summary =
    `${points.length} ${points.length === 1 ? 'weighing' : 'weighings'} from ${shortDate(first.at)} to ${shortDate(last.at)}: ` +
    `from ${round1(first.value)} ${word} to ${round1(last.value)} ${word}` +
    (target !== null ? `; target ${round1(target)} ${word}` : '') +
    (band ? `; safe pace 0.5 to 2 % of body weight a week` : '') +
    '. Every value is in the table below.'

  return (
    <figure className="progress-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="progress-chart__svg"
      >
        <title id={`${id}-title`}>{`${catName}'s weight over time`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {band && (
          <polygon
            className="progress-chart__band"
            points={`${x(first.at)},${y(first.value)} ${x(endAt)},${y(band.slow)} ${x(endAt)},${y(band.fast)}`}
          />
        )}
        <line
          x1={PAD.left}
          x2={PAD.left}
          y1={PAD.top}
          y2={PAD.top + innerH}
          className="progress-chart__axis"
        />
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className="progress-chart__axis"
        />
        <text x={PAD.left - 6} y={y(high) + 4} textAnchor="end" className="progress-chart__label">
          {round1(high)}
        </text>
        <text x={PAD.left - 6} y={y(low) + 4} textAnchor="end" className="progress-chart__label">
          {round1(low)}
        </text>
        <text x={PAD.left} y={HEIGHT - 8} className="progress-chart__label">
          {shortDate(first.at)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="progress-chart__label">
          {shortDate(last.at)}
        </text>
        {target !== null && (
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(target)}
            y2={y(target)}
            className="progress-chart__target"
          />
        )}
        <polyline points={line} className="progress-chart__line" />
        {points.length <= 60 &&
          points.map((p) => (
            <circle key={p.at} cx={x(p.at)} cy={y(p.value)} r={3.5} className="progress-chart__dot" />
          ))}
      </svg>
      <figcaption className="progress-chart__legend" aria-hidden="true">
        <span className="progress-chart__key progress-chart__key--weight">Weight ({word})</span>
        {target !== null && <span className="progress-chart__key progress-chart__key--target">Target</span>}
        {band && (
          <span className="progress-chart__key progress-chart__key--band">Safe pace (0.5–2 % a week)</span>
        )}
      </figcaption>
    </figure>
  )
}
