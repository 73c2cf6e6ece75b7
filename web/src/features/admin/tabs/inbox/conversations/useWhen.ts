import { localDate, localDateTime } from '../../../lib/localTime'

/** A moment as the Inbox shows it: the admin's one clock (Amsterdam time, named; lib/localTime). */
export function useWhen() {
  return (iso: string, only?: 'day') => (only === 'day' ? localDate(iso) : localDateTime(iso))
}
