// The Analytics tab (issue 48; docs/security.md "Analytics"): views and visitors over a period (a
// chart), devices, top pages per language, posts, referrers, sources, and the consultation requests
// per post and source, read from the daily rollups; the whole report as CSV. Days are UTC.
import { useState, type FormEvent } from 'react'
import { Button, Input } from '@/components'
import { useQuery } from '@/lib/query'
import { errorMessage } from '@/lib/api'
import { getAnalytics } from '@/api/analytics'
import { Field, FilterForm } from '../../components/list/FilterForm'
import { Section } from '../../components/list/Section'
import { texts } from '../../texts'
import { ViewsChart } from './ViewsChart'
import { ReportTables } from './ReportTables'
import { download, reportCsv } from './csv'
import './analytics.css'

const DAY = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** The last `n` days up to today (UTC). */
export const lastDays = (n: number) => ({ from: dayOf(Date.now() - (n - 1) * DAY), to: dayOf(Date.now()) })
const PRESETS = [7, 30, 90, 365]

/** The report of a period, shared by the tab and the Blog tab's numbers (one query key). */
export const useAnalytics = (from: string, to: string, enabled = true) =>
  useQuery(['admin-analytics', from, to], (signal) => getAnalytics(from, to, { signal }), { enabled })

export function AnalyticsTab() {
  const ta = texts.analytics
  const [period, setPeriod] = useState(lastDays(30))
  const [draft, setDraft] = useState(period)
  const report = useAnalytics(period.from, period.to)
  const choose = (n: number) => {
    const next = lastDays(n)
    setPeriod(next)
    setDraft(next)
  }
  const apply = (e: FormEvent) => {
    e.preventDefault()
    setPeriod(draft)
  }
  const r = report.data
  return (
    <Section title={ta.heading} id="admin-analytics">
      <p className="admin-muted">{ta.intro}</p>
      <div className="admin-analytics__period" role="group" aria-label={ta.period}>
        {PRESETS.map((n) => {
          const preset = lastDays(n)
          const on = preset.from === period.from && preset.to === period.to
          return (
            <Button key={n} variant={on ? 'primary' : 'outline'} aria-pressed={on} onClick={() => choose(n)}>
              {ta.periods[n]}
            </Button>
          )
        })}
      </div>
      <FilterForm
        label={ta.custom}
        submit={ta.show}
        onSubmit={apply}
        after={
          <Button
            type="button"
            variant="outline"
            disabled={!r}
            onClick={() => r && download(`analytics-${r.from}-${r.to}.csv`, reportCsv(r))}
          >
            {ta.exportCsv}
          </Button>
        }
      >
        <Field id="analytics-from" label={ta.from}>
          <Input
            id="analytics-from"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        </Field>
        <Field id="analytics-to" label={ta.to}>
          <Input
            id="analytics-to"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </Field>
      </FilterForm>
      {report.status === 'error' && !r ? (
        <div className="admin-empty" role="alert">
          <p>{ta.loadFailed}</p>
          <p className="admin-muted">{errorMessage(report.error, report.error?.message ?? '')}</p>
          <Button variant="outline" onClick={() => void report.refetch()}>
            {texts.retry}
          </Button>
        </div>
      ) : !r ? (
        <p role="status" aria-busy="true">
          {texts.loading}
        </p>
      ) : (
        <div aria-busy={report.isFetching}>
          <dl className="admin-analytics__totals" data-testid="analytics-totals">
            {(
              [
                [ta.views, r.totals.views],
                [ta.visitors, r.totals.visitors],
                [ta.conversions, r.totals.conversions],
                [ta.bots, r.totals.bots],
                ...Object.entries(r.devices).map(([k, n]) => [ta.device[k] ?? k, n] as const),
              ] as const
            ).map(([label, n]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{n}</dd>
              </div>
            ))}
          </dl>
          <ViewsChart report={r} />
          <ReportTables report={r} />
        </div>
      )}
    </Section>
  )
}
