// Moments as the admin reads them: in the admin's own time zone and locale (the browser's), unlike
// the public pages' dates (the site's zone, the same on server and browser).
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const WITH_SECONDS = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

export const localDateTime = (iso: string, seconds = false) =>
  (seconds ? WITH_SECONDS : FORMAT).format(new Date(iso))
