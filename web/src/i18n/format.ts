import { languageInfo, type Language } from './languages'
import { longDate } from './longDate'

/** Dates of posts and pages are shown as they fall in the Netherlands. */
export const SITE_TIME_ZONE = 'Europe/Amsterdam'

/** The Intl locale of a language: nl-NL, en-US, de-DE. */
export const dateLocale = (language: Language): string => languageInfo(language).locale

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

// Building an Intl.DateTimeFormat (locale data, time zone rules) costs a millisecond or more,
// formatting with one a microsecond: the admin's lists format a date per row. One formatter per
// locale and options, kept for the page's life (a handful).
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, f)
  }
  return f
}

/** Long date in the language's locale: "12 maart 2025" / "March 12, 2025" / "12. März 2025". */
export function formatDate(
  value: string | number | Date | null | undefined,
  language: Language,
  options?: Intl.DateTimeFormatOptions,
): string {
  if (value === null || value === undefined) return ''
  const d = toDate(value)
  // The public pages' long date without Intl (longDate.ts says why); other formats (the admin's) use Intl.
  if (!options) return d ? longDate(d, language) : ''
  // The site's time zone, not the machine's: the server-rendered date and the browser's hydrated
  // one must be the same day wherever each runs.
  return d ? formatter(dateLocale(language), { timeZone: SITE_TIME_ZONE, ...options }).format(d) : ''
}

/** Hour and minute in the site's zone, e.g. "14:05" (the chat shows Dutch times: formatTime(ts, 'nl')). */
export function formatTime(value: string | number | Date, language: Language): string {
  const d = toDate(value)
  return d
    ? formatter(dateLocale(language), {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: SITE_TIME_ZONE,
      }).format(d)
    : ''
}
