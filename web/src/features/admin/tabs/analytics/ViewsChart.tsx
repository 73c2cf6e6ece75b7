// Views and visitors per day as an inline SVG (nothing loaded from elsewhere): two lines over the
// period, the largest day on top; a table of the same numbers follows for screen readers and CSV.
import type { AnalyticsReport } from '@site/contracts'
import { texts } from '../../texts'

const W = 720
const H = 200
const PAD = 28

export function ViewsChart({ report }: { report: AnalyticsReport }) {
  const ta = texts.analytics
  const days = report.days
  const max = Math.max(1, ...days.map((d) => d.views))
  const x = (i: number) => PAD + (days.length < 2 ? 0 : (i * (W - 2 * PAD)) / (days.length - 1))
  const y = (n: number) => H - PAD - (n * (H - 2 * PAD)) / max
  const line = (pick: (d: AnalyticsReport['days'][number]) => number) =>
    days.map((d, i) => `${x(i).toFixed(1)},${y(pick(d)).toFixed(1)}`).join(' ')
  return (
    <figure className="admin-analytics__chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={ta.chart(report.from, report.to)}
        data-testid="analytics-chart"
      >
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} className="admin-analytics__axis" />
        <text x={PAD - 4} y={PAD} textAnchor="end" className="admin-analytics__label">
          {max}
        </text>
        <text x={PAD - 4} y={H - PAD} textAnchor="end" className="admin-analytics__label">
          0
        </text>
        <text x={PAD} y={H - 8} className="admin-analytics__label">
          {report.from}
        </text>
        <text x={W - PAD} y={H - 8} textAnchor="end" className="admin-analytics__label">
          {report.to}
        </text>
        <polyline points={line((d) => d.views)} className="admin-analytics__views" />
        <polyline points={line((d) => d.visitors)} className="admin-analytics__visitors" />
        {days.length === 1 ? (
          <circle cx={x(0)} cy={y(days[0]!.views)} r={4} className="admin-analytics__dot" />
        ) : null}
      </svg>
      <figcaption className="admin-analytics__legend">
        <span className="admin-analytics__key admin-analytics__key--views">{ta.views}</span>
        <span className="admin-analytics__key admin-analytics__key--visitors">{ta.visitors}</span>
      </figcaption>
    </figure>
  )
}
