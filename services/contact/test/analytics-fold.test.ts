// @tier unit
// The day's rollup folds its views as the cursor streams (foldDay over an async iterable): two
// million views, made one at a time by a generator, in a Node whose heap cannot hold them at once
// (48 MB; an array of them would take about 200 MB), give the day's exact document.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { tallyDay } from '../src/analytics/rollup.js'
import { nthView } from './helpers/fold-stream.js'

const VIEWS = 2_000_000
const PERIOD = 1000

t.test('two million views fold in a small heap into the exact day document', async (t) => {
  const script = fileURLToPath(new URL('./helpers/fold-stream.ts', import.meta.url))
  const run = spawnSync(
    process.execPath,
    ['--max-old-space-size=48', '--import=tsx', script, String(VIEWS)],
    {
      encoding: 'utf8',
      maxBuffer: 16 << 20,
    },
  )
  t.equal(run.status, 0, 'the fold ran to its end in 48 MB of heap', { stderr: run.stderr.slice(-400) })
  // The sequence repeats every 1000 views: the day is 2000 periods, each view count 2000 times
  // one period's, each visitor count (distinct hashes) one period's.
  const one = tallyDay(
    '2026-11-28',
    Array.from({ length: PERIOD }, (_, i) => nthView(i)),
  )
  const times = VIEWS / PERIOD
  const scale = <R extends { views: number }>(rows: R[]) =>
    rows.map((r) => ({ ...r, views: r.views * times }))
  t.same(JSON.parse(run.stdout), {
    ...one,
    views: one.views * times,
    bots: one.bots * times,
    devices: {
      desktop: one.devices.desktop * times,
      mobile: one.devices.mobile * times,
      tablet: one.devices.tablet * times,
    },
    paths: scale(one.paths),
    refs: scale(one.refs),
    sources: scale(one.sources),
  })
  t.equal(one.visitors, 600, 'the distinct visitors of the day (one period holds them all)')
  t.equal(one.views * times, 1_500_000, 'bots apart')
})
