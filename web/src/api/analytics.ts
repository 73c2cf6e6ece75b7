// The admin's analytics (issue 48; docs/security.md "Analytics"): a period's daily rollups.
import { getJson, type RequestOptions } from '@/lib/api'
import type { AnalyticsReport } from '@site/contracts'

export const getAnalytics = (from: string, to: string, opts?: RequestOptions) =>
  getJson<AnalyticsReport>(`/api/admin/analytics?from=${from}&to=${to}`, opts)
