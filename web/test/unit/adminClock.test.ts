// @tier unit
// The admin's one clock (issue 49 #3, web/src/features/admin/lib/localTime.ts): moments are shown
// and typed as Amsterdam time, named CET/CEST, whatever the machine's zone; checked against Intl.
import t from 'tap'
import { fromLocalInput, localDateTime, toLocalInput } from '../../src/features/admin/lib/localTime.ts'

const intl = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})
const wall = (ms: number) => intl.format(ms).replace(' ', 'T')

t.test('toLocalInput and fromLocalInput are Amsterdam wall time, across both DST changes', async (t) => {
  const bad: string[] = []
  // Every 37 minutes through 2026 (both switches included).
  for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 37 * 60_000) {
    const at = Math.floor(ms / 60_000) * 60_000
    const local = toLocalInput(new Date(at).toISOString())
    if (local !== wall(at)) bad.push(`${new Date(at).toISOString()} shown ${local}, Intl ${wall(at)}`)
    const back = fromLocalInput(local)
    // The hour repeated in October reads as its first (CEST) moment, as Intl's earlier one.
    if (back !== new Date(at).toISOString() && wall(Date.parse(back!)) !== local)
      bad.push(`${local} → ${back}`)
  }
  t.same(bad.slice(0, 5), [], `${bad.length} mismatches`)
  t.equal(fromLocalInput(''), null, 'empty clears')
})

t.test('localDateTime names the zone, one format', async (t) => {
  t.equal(localDateTime('2026-11-27T17:45:00Z'), '27 Nov 2026, 18:45 CET')
  t.equal(localDateTime('2026-07-01T08:05:09Z', true), '1 Jul 2026, 10:05:09 CEST')
})
