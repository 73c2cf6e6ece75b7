import { badRequest } from '../../errors.js'

/** A document that can be scheduled (docs/editorial.md, "Scheduled publishing"): a post, a page. */
export interface Schedulable {
  published?: boolean | null
  publish_at?: Date | null
  unpublish_at?: Date | null
}

/** The schedule's fields: a restore brings back a revision's content, never these (a past moment would act at once). */
export const SCHEDULE_FIELDS: ReadonlySet<string> = new Set(['publish_at', 'unpublish_at'])

/**
 * What a restore of a revision leaves as the document has it (issue 45): the moments and whether it
 * is on the site. A restore brings back content; restoring the "publish" revision of a post taken
 * off the site since must not put it back online (docs/editorial.md).
 */
export const RESTORE_KEEPS: ReadonlySet<string> = new Set([...SCHEDULE_FIELDS, 'published'])

/** The fields of a revision's snapshot a restore writes: all but RESTORE_KEEPS. */
export function restorable(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !RESTORE_KEEPS.has(k)))
}

/** Who the history and the audit trail name for a scheduled publish. */
export const SCHEDULER = { id: null, name: 'scheduler' }

const time = (d: unknown) => (d instanceof Date ? d.getTime() : null)

/**
 * The schedule's rules on the document a write would leave (`next`), for the moments this write
 * gives (`given`): a published one has no publish time (publishing by hand ends the schedule, a new
 * one on a published document is refused), an end of publication given now lies ahead and after
 * the start. `noun` names the document in the 400's sentence ("post", "page").
 */
export function checkSchedule(
  next: Record<string, unknown>,
  given: { publish_at?: unknown; unpublish_at?: unknown },
  noun: string,
) {
  if (next.published === true && given.publish_at instanceof Date)
    throw badRequest(
      `A published ${noun} cannot be scheduled: switch it off first, or leave the publish time empty.`,
    )
  if (next.published === true) next.publish_at = null
  const start = time(next.publish_at)
  const end = time(given.unpublish_at)
  if (end !== null && end <= Date.now()) throw badRequest('The end of publication must lie in the future.')
  if (end !== null && start !== null && end <= start)
    throw badRequest('The end of publication must come after the publish time.')
}

/**
 * `{ scheduled: true }` for a document that a write leaves with a moment ahead, to save with it:
 * the sweep reads the documents so marked (an equality an index answers; `publish_at != null` was
 * a read of the whole collection on FerretDB) and unmarks those whose moments have passed.
 */
export function scheduledMark(next: Schedulable): { scheduled?: true } {
  return next.publish_at instanceof Date || next.unpublish_at instanceof Date ? { scheduled: true } : {}
}

/** True when the two moments differ (a Date, null or absent). */
export const momentChanged = (a: unknown, b: unknown) => time(a) !== time(b)

/**
 * The document was public before the write and still is (an edit that keeps it on the site): its
 * purged answers may stand in briefly while their upstream is unwell (ChangeInput.staysPublic).
 */
export const staysPublic = (before: Schedulable | null, after: Schedulable | null) =>
  Boolean(before?.published) && Boolean(after?.published)

/**
 * What a write did, for its record: switched the document on or off the site, set or moved a
 * moment (`schedule`), cleared the schedule (`unschedule`: each moment it changed is now empty,
 * which History reads as "schedule cleared", not as setting one), or neither (`update`).
 */
export function writeAction(before: Schedulable, after: Schedulable) {
  if (Boolean(before.published) !== Boolean(after.published)) return after.published ? 'publish' : 'unpublish'
  const changed = (['publish_at', 'unpublish_at'] as const).filter((k) => momentChanged(before[k], after[k]))
  if (changed.length === 0) return 'update'
  return changed.some((k) => after[k] instanceof Date) ? 'schedule' : 'unschedule'
}
