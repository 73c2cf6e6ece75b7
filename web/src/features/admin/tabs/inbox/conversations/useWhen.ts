import { formatDate, useLanguage } from '@/i18n'

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
}

/** A moment as the Inbox shows it (date and time in the admin's language). */
export function useWhen() {
  const { language } = useLanguage()
  return (iso: string, options: Intl.DateTimeFormatOptions = DATE_TIME) => formatDate(iso, language, options)
}
