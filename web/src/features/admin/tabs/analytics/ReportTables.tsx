// The Analytics tab's tables: top pages per language, posts, referrers, sources and the
// consultation requests per post and source. Plain tables (read by screen readers as such).
import type { ReactNode } from 'react'
import type { AnalyticsReport } from '@site/contracts'
import { AdminTable } from '../../components/list/AdminTable'
import { texts } from '../../texts'

function Table({
  title,
  head,
  rows,
  id,
}: {
  title: string
  head: string[]
  rows: ReactNode[][]
  id: string
}) {
  const ta = texts.analytics
  return (
    <section className="admin-analytics__table" aria-labelledby={id} data-testid={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p className="admin-muted">{ta.empty}</p>
      ) : (
        <AdminTable columns={head}>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  )
}

export function ReportTables({ report }: { report: AnalyticsReport }) {
  const ta = texts.analytics
  const langs = [...new Set(report.paths.map((p) => p.lang))].sort()
  const or = (v: string | null, none = ta.none) => v ?? none
  return (
    <div className="admin-analytics__tables">
      {langs.length === 0 ? <Table id="analytics-pages" title={ta.topPages} head={[]} rows={[]} /> : null}
      {langs.map((lang) => (
        <Table
          key={lang}
          id={`analytics-pages-${lang}`}
          title={`${ta.topPages}: ${lang}`}
          head={[ta.page, ta.views, ta.visitors]}
          rows={report.paths
            .filter((p) => p.lang === lang)
            .slice(0, 20)
            .map((p) => [p.path, p.views, p.visitors])}
        />
      ))}
      <Table
        id="analytics-posts"
        title={ta.posts}
        head={[ta.page, ta.language, ta.views, ta.visitors]}
        rows={report.posts.slice(0, 30).map((p) => [p.path, p.lang, p.views, p.visitors])}
      />
      <Table
        id="analytics-referrers"
        title={ta.referrers}
        head={[ta.referrer, ta.views, ta.visitors]}
        rows={report.referrers.map((r) => [r.referrer, r.views, r.visitors])}
      />
      <Table
        id="analytics-sources"
        title={ta.sources}
        head={[ta.source, ta.medium, ta.campaign, ta.views, ta.visitors]}
        rows={report.sources.map((s) => [or(s.source), or(s.medium), or(s.campaign), s.views, s.visitors])}
      />
      <Table
        id="analytics-conversions"
        title={ta.requestsBy}
        head={[ta.post, ta.language, ta.source, ta.count]}
        rows={report.conversions.map((c) => [or(c.post), c.lang, or(c.source, ta.direct), c.count])}
      />
    </div>
  )
}
