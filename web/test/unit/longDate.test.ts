// @tier unit
// The public pages' long date is written without Intl (web/src/i18n/longDate.ts): it must say what
// Intl says, in each language, for every day of years with both DST changes, at the hours around
// midnight and around the switch.
import t from 'tap'
import { amsterdamOffsetMs, longDate } from '../../src/i18n/longDate.ts'

const LOCALES = { nl: 'nl-NL', en: 'en-US', de: 'de-DE' } as const

t.test('longDate matches Intl (Europe/Amsterdam) for every day of 2019-2030 at several hours', async (t) => {
  let checked = 0
  const mismatches: string[] = []
  for (let ms = Date.UTC(2019, 0, 1); ms < Date.UTC(2031, 0, 1); ms += 86_400_000) {
    for (const hour of [0, 0.99, 1, 21.99, 22, 22.5, 23, 23.99]) {
      const d = new Date(ms + hour * 3_600_000)
      for (const [lang, locale] of Object.entries(LOCALES) as [keyof typeof LOCALES, string][]) {
        const intl = new Intl.DateTimeFormat(locale, {
          timeZone: 'Europe/Amsterdam',
          year: 'numeric',
          month: 'long',
          day: 'numeric',
        }).format(d)
        checked++
        if (longDate(d, lang) !== intl)
          mismatches.push(`${d.toISOString()} ${lang}: ${longDate(d, lang)} ≠ ${intl}`)
      }
    }
  }
  t.same(mismatches.slice(0, 5), [], `${checked} dates checked`)
})

t.test('the offset switches at 01:00 UTC on the last Sundays of March and October', async (t) => {
  t.equal(amsterdamOffsetMs(Date.UTC(2025, 2, 30, 0, 59)), 3_600_000)
  t.equal(amsterdamOffsetMs(Date.UTC(2025, 2, 30, 1, 0)), 7_200_000)
  t.equal(amsterdamOffsetMs(Date.UTC(2025, 9, 26, 0, 59)), 7_200_000)
  t.equal(amsterdamOffsetMs(Date.UTC(2025, 9, 26, 1, 0)), 3_600_000)
})

t.test('examples in each language, and a date past midnight in Amsterdam', async (t) => {
  const march = new Date('2025-03-12T10:00:00Z')
  t.equal(longDate(march, 'nl'), '12 maart 2025')
  t.equal(longDate(march, 'en'), 'March 12, 2025')
  t.equal(longDate(march, 'de'), '12. März 2025')
  t.equal(longDate(new Date('2025-12-31T23:30:00Z'), 'nl'), '1 januari 2026')
})
