// Scheduled publishing in the admin (docs/editorial.md), the same for posts and pages: the editor's
// two moments (date and time in the admin's zone) and the list row's Scheduled mark with its times.
import { Badge, TextField } from '@/components'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'

type Scheduled = { published: boolean; publish_at: string | null; unpublish_at: string | null }
export type ScheduleField = 'publish_at' | 'unpublish_at'
const FIELDS: ScheduleField[] = ['publish_at', 'unpublish_at']

/** "Scheduled" on a draft that goes online by itself. */
export function ScheduledBadge({ item }: { item: Scheduled }) {
  return item.publish_at && !item.published ? (
    <Badge variant="warning" data-testid="scheduled-badge">
      {texts.schedule.scheduled}
    </Badge>
  ) : null
}

/** When it goes online and offline, in the admin's zone (for a row's details). */
export function ScheduleTimes({ item }: { item: Scheduled }) {
  const ts = texts.schedule
  return (
    <>
      {item.publish_at ? (
        <time dateTime={item.publish_at} data-testid="scheduled-at">
          {ts.goesOnline(localDateTime(item.publish_at))}
        </time>
      ) : null}
      {item.unpublish_at ? (
        <time dateTime={item.unpublish_at}>{ts.goesOffline(localDateTime(item.unpublish_at))}</time>
      ) : null}
    </>
  )
}

/** The editor's Publish at / Take offline at inputs (datetime-local values, '' for none). */
export function ScheduleFields({
  idPrefix,
  values,
  set,
  errors = {},
  disabled,
}: {
  idPrefix: string
  values: Record<ScheduleField, string>
  set: (key: ScheduleField, value: string) => void
  errors?: Partial<Record<ScheduleField, string>>
  disabled: boolean
}) {
  const ts = texts.schedule
  return (
    <div className="admin-grid-2">
      {FIELDS.map((key) => (
        <TextField
          key={key}
          id={`${idPrefix}-${key}`}
          name={key}
          label={ts[key]}
          value={values[key]}
          onChange={(v) => set(key, v)}
          error={errors[key]}
          hint={key === 'publish_at' ? ts.hint : undefined}
          type="datetime-local"
          disabled={disabled}
        />
      ))}
    </div>
  )
}
