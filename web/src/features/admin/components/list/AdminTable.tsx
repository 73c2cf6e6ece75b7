// A plain table of the admin (read by screen readers as such): its column headers, then its rows
// (Audit, Users, the Analytics report's tables).
import type { ReactNode } from 'react'

export function AdminTable({
  columns,
  testId,
  children,
}: {
  columns: string[]
  testId?: string
  /** The rows (`<tr>`s). */
  children: ReactNode
}) {
  return (
    <table className="admin-audit" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}
