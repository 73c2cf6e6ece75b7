// The long date of posts ("12 maart 2025" / "March 12, 2025" / "12. März 2025") without Intl.
// The first Intl.DateTimeFormat a page builds costs 25-50 ms (ICU's locale and time zone data),
// on Lighthouse's phone CPU four times that, and the home, /blog and every post show dates while
// they hydrate: this was the largest single function in their hydration profile. The server and
// the browser format with this same code, so the text cannot differ between them.
// web/test/unit/longDate.test.ts checks it against Intl, day by day across DST changes.
import type { Locale as Language } from '@site/contracts'

const MONTHS: Record<Language, readonly string[]> = {
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
}

/** 00:00 UTC of the last Sunday of `month` (0-based) in `year`. */
function lastSundayUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0))
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay())
}

/**
 * Europe/Amsterdam's offset from UTC in ms at `utcMs`: CET (+1), and CEST (+2) from the last Sunday
 * of March to the last Sunday of October, switching at 01:00 UTC (the EU rule since 1996).
 */
export function amsterdamOffsetMs(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear()
  const hour = 3_600_000
  const summerStart = lastSundayUtc(year, 2) + hour
  const summerEnd = lastSundayUtc(year, 9) + hour
  return utcMs >= summerStart && utcMs < summerEnd ? 2 * hour : hour
}

/** The date as it falls in the Netherlands, written out in the language. */
export function longDate(d: Date, language: Language): string {
  const local = new Date(d.getTime() + amsterdamOffsetMs(d.getTime()))
  const day = local.getUTCDate()
  const month = MONTHS[language][local.getUTCMonth()]
  const year = local.getUTCFullYear()
  if (language === 'en') return `${month} ${day}, ${year}`
  if (language === 'de') return `${day}. ${month} ${year}`
  return `${day} ${month} ${year}`
}
