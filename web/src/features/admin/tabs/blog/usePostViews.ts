// The Blog tab's numbers (issue 48): each post's views of the last 30 days, all its languages
// together, from the Analytics report (loaded only for a role that may read analytics).
import { roleCan } from '@site/contracts/role-table'
import { useAuth } from '@/stores/auth'
import { lastDays, useAnalytics } from '../analytics/AnalyticsTab'

const SLUG = /^(?:\/en|\/de)?\/blog\/([^/]+)$/

/** The views of a post by slug, or null while unknown (or not the admin's to see). */
export function usePostViews(): (slug: string) => number | null {
  const allowed = roleCan(
    useAuth((s) => s.user?.role),
    'analytics',
  )
  const { from, to } = lastDays(30)
  const report = useAnalytics(from, to, allowed)
  if (!allowed || !report.data) return () => null
  const views = new Map<string, number>()
  for (const p of report.data.posts) {
    const slug = SLUG.exec(p.path)?.[1]
    if (slug) views.set(slug, (views.get(slug) ?? 0) + p.views)
  }
  return (slug) => views.get(slug) ?? 0
}
