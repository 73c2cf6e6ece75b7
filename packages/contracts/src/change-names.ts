/**
 * The names a change record uses for what changed and what was done (./changes.ts holds the record).
 * A plain module without TypeBox, so the admin's chunk can list them as values:
 * `@site/contracts/change-names`.
 */
export const CHANGE_KINDS = [
  'post',
  'page',
  'project',
  'feature',
  'content',
  'media',
  'account',
  'contact',
  'conversation',
  /** A blog import (a file the worker turns into a post): its retry (issue 45). */
  'import',
  /** A job or a queue on the operators' queue board (issue 45). */
  'queue',
  /** The translation glossary and formality (docs/editorial.md, "Glossary and formality"). */
  'glossary',
] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]

export const CHANGE_ACTIONS = [
  // Document writes
  'create',
  'update',
  'delete',
  'restore',
  'reorder',
  'publish',
  'unpublish',
  'schedule',
  /** A write that clears the schedule: every moment it changed is now empty (issue 49 #8). */
  'unschedule',
  /** A preview link made, or every preview link of a document revoked (docs/editorial.md). */
  'preview',
  'preview-revoke',
  /** A language of a document reviewed, confirmed as still right, or translated by machine (issue 47). */
  'review',
  'dismiss',
  'translate',
  /** The state a document had before its first recorded write (kept so that write can be undone). */
  'baseline',
  // Accounts and sessions
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'credentials',
  // The team (issue 46)
  'role',
  'disable',
  'enable',
  'invite',
  'invite-revoke',
  'invite-accept',
  'password-reset',
  'two-factor',
  /** Which roles must use two-factor sign-in (the owner's policy). */
  'two-factor-policy',
  'session-end',
  // Writes that are not a document's edit (issue 45: every admin write is in the audit trail)
  /** A file stored (a project image). */
  'upload',
  'retry',
  'remove',
  'clean',
  'promote',
  'pause',
  'resume',
  'empty',
  /** Any other admin write the kit recorded for a route that recorded nothing itself. */
  'write',
] as const
export type ChangeAction = (typeof CHANGE_ACTIONS)[number]
