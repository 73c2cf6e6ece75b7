// The admin's one clock (issue 49): every moment in the admin (lists, Inbox, imports, audit log,
// History, schedules, the "Publish at" fields) is Amsterdam time, named (CET/CEST), in the admin's
// one language and format: "27 Nov 2026, 18:45 CET". The browser's own zone plays no part, so an
// admin abroad and one in the office read and type the same times.
// Relative, not '@/': the unit test (web/test/unit/adminClock.test.ts) runs this file under plain tsx.
import { amsterdamOffsetMs } from '../../../i18n/longDate.js'

export const ADMIN_TIME_ZONE = 'Europe/Amsterdam'

const opts = (seconds: boolean): Intl.DateTimeFormatOptions => ({
  timeZone: ADMIN_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  ...(seconds ? { second: '2-digit' } : {}),
  hourCycle: 'h23',
})
const FORMAT = new Intl.DateTimeFormat('en-GB', opts(false))
const WITH_SECONDS = new Intl.DateTimeFormat('en-GB', opts(true))
const DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: ADMIN_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})

/** CET or CEST: the Netherlands' zone at that moment. */
export const zoneName = (ms: number) => (amsterdamOffsetMs(ms) === 2 * 3_600_000 ? 'CEST' : 'CET')

/** "27 Nov 2026, 18:45 CET" (with seconds: "18:45:07 CET"). */
export function localDateTime(iso: string, seconds = false): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${(seconds ? WITH_SECONDS : FORMAT).format(d)} ${zoneName(d.getTime())}`
}

/** "27 Nov 2026": a day in the admin (a post's date in its list). */
export function localDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : DAY.format(d)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO moment as a datetime-local input holds it: Amsterdam time, `YYYY-MM-DDTHH:mm` ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const ms = new Date(iso).getTime()
  if (Number.isNaN(ms)) return ''
  const d = new Date(ms + amsterdamOffsetMs(ms))
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

/** A datetime-local value read as Amsterdam time, as the API's moment; empty clears it (null). */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value)
  if (!m) return null
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!)
  // The offset at the moment itself: try CET's, correct once (DST changes at 01:00 UTC).
  let utc = wall - amsterdamOffsetMs(wall - 3_600_000)
  utc = wall - amsterdamOffsetMs(utc)
  return new Date(utc).toISOString()
}
