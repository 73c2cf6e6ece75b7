// The Analytics tab's CSV export: one file, a section per table, RFC 4180 quoting.
import type { AnalyticsReport } from '@site/contracts'

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
const rows = (head: string[], body: (string | number | null)[][]) =>
  [head, ...body].map((r) => r.map(cell).join(',')).join('\r\n')

export function reportCsv(r: AnalyticsReport): string {
  return [
    rows(
      ['day', 'views', 'visitors', 'bots'],
      r.days.map((d) => [d.day, d.views, d.visitors, d.bots]),
    ),
    rows(
      ['path', 'language', 'views', 'visitors'],
      r.paths.map((p) => [p.path, p.lang, p.views, p.visitors]),
    ),
    rows(
      ['referrer', 'views', 'visitors'],
      r.referrers.map((x) => [x.referrer, x.views, x.visitors]),
    ),
    rows(
      ['source', 'medium', 'campaign', 'views', 'visitors'],
      r.sources.map((s) => [s.source, s.medium, s.campaign, s.views, s.visitors]),
    ),
    rows(
      ['post', 'language', 'source', 'requests'],
      r.conversions.map((c) => [c.post, c.lang, c.source, c.count]),
    ),
  ].join('\r\n\r\n')
}

/** Saves `text` as a file through a temporary link (no third party, no server round trip). */
export function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
