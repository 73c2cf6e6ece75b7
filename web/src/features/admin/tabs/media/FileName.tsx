import { Fragment } from 'react'

/**
 * A file name that wraps at its separators (after - _ . and spaces) instead of mid-word:
 * "quarterly_report_final-2026.png" breaks as "quarterly_ / report_ / final-2026.png".
 * A single part too long for the line still breaks (overflow-wrap: break-word).
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[-_.])/)
  return (
    <span className="admin-media-tile__name" data-testid="media-name">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {p}
        </Fragment>
      ))}
    </span>
  )
}
