// Moments as the admin reads them: in the admin's own time zone and locale (the browser's), unlike
// the public pages' dates (the site's zone, the same on server and browser).
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const WITH_SECONDS = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

export const localDateTime = (iso: string, seconds = false) =>
  (seconds ? WITH_SECONDS : FORMAT).format(new Date(iso))

/** An ISO moment as a datetime-local input holds it: this browser's zone, `YYYY-MM-DDTHH:mm` ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value read in the admin's zone as the API's moment; empty clears it (null). */
export const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null)
