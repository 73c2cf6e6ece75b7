// History with restore, preview links and the audit trail (docs/editorial.md).
export const history = {
  button: 'History',
  buttonFor: (name: string) => `History of ${name}`,
  title: (name: string) => `History: ${name}`,
  intro: 'Every save is kept (the last 50). Restoring saves that version again, as a new entry.',
  replacesUnsaved: 'Restoring replaces the unsaved changes in the form.',
  empty: 'No saved versions yet.',
  loadError: 'The history could not be loaded.',
  current: 'current',
  changed: (fields: string) => `Changed: ${fields}`,
  nothingChanged: 'No field changed',
  firstVersion: 'First version',
  view: 'View',
  viewFor: (when: string) => `View the version of ${when}`,
  hide: 'Hide',
  versionOf: (when: string) => `The version of ${when} compared with the current one`,
  thisVersion: 'This version',
  now: 'Now',
  noDifference: 'This version is the same as the current one.',
  none: '(empty)',
  yes: 'yes',
  no: 'no',
  restoreThis: 'Restore this version',
  restoring: (when: string) => `Restoring the version of ${when}…`,
  restore: 'Restore',
  restoreFor: (when: string) => `Restore the version of ${when}`,
  restored: 'Version restored',
  restoredText: 'The document shows this version again.',
  failed: 'Restore failed',
  failedText: 'The version could not be restored.',
  actions: {
    create: 'created',
    update: 'edited',
    delete: 'deleted',
    restore: 'restored',
    reorder: 'reordered',
    publish: 'published',
    unpublish: 'unpublished',
    schedule: 'scheduled',
    unschedule: 'schedule cleared',
    baseline: 'before the history began',
  } as Record<string, string>,
}

// Scheduled publishing of posts and pages: the editors' fields and the lists' marks.
export const schedule = {
  publish_at: 'Publish at',
  unpublish_at: 'Take offline at',
  hint: 'Amsterdam time (CET/CEST). A draft goes online at this moment by itself; leave empty to publish by hand.',
  scheduled: 'Scheduled',
  goesOnline: (when: string) => `Goes online ${when}`,
  goesOffline: (when: string) => `Goes offline ${when}`,
  /** The rule the services apply too (docs/editorial.md). */
  published: 'A published page cannot be scheduled: switch Published off first, or leave this empty.',
}

export const preview = {
  heading: 'Preview link',
  text: 'Anyone with the link sees this as saved now, also while it is a draft. Links expire after 7 days.',
  create: 'Create preview link',
  url: 'Preview link',
  copy: 'Copy',
  copied: 'Link copied',
  expires: (when: string) => `Works until ${when}.`,
  revoke: 'Revoke all links',
  revoked: 'Preview links revoked',
  revokedText: 'Every preview link made so far no longer works.',
  failed: 'Preview link failed',
  failedText: 'The preview link could not be made. Please try again.',
}

export const audit = {
  heading: 'Audit log',
  intro: 'Sign-ins, credential changes and every change to the site: who, what, when and from where.',
  actor: 'Who',
  kind: 'What',
  action: 'Action',
  search: 'Target contains',
  any: 'Any',
  apply: 'Filter',
  empty: 'No entries match.',
  columns: { at: 'When', actor: 'Who', action: 'Action', target: 'Target', ip: 'Address' },
}

/** Field names as the admin reads them in History ("content_nl" → "Dutch text"). */
const LANGUAGES: Record<string, string> = { nl: 'Dutch', en: 'English', de: 'German' }
const FIELDS: Record<string, string> = {
  title: 'title',
  excerpt: 'excerpt',
  content: 'text',
  meta_description: 'meta description',
  intro: 'intro',
  subtitle: 'subtitle',
  philosophy_title: 'philosophy title',
  philosophy_text: 'philosophy text',
  description: 'description',
  alt: 'alt text',
  slug: 'URL name (slug)',
  published: 'published',
  publish_at: 'publish time',
  unpublish_at: 'take-offline time',
  featured_image: 'featured image',
  author: 'author',
  tags: 'tags',
  icon: 'icon',
  sort_order: 'position',
  image_url: 'image',
  video_url: 'video',
  link_url: 'link',
  address: 'address',
  phone: 'phone',
  email: 'e-mail',
  display_name: 'display name',
}

export function fieldLabel(name: string): string {
  const m = /^(.*)_(nl|en|de)$/.exec(name)
  if (m && FIELDS[m[1]!]) return `${LANGUAGES[m[2]!]} ${FIELDS[m[1]!]}`
  const plain = FIELDS[name] ?? name.replace(/_/g, ' ')
  return plain.charAt(0).toUpperCase() + plain.slice(1)
}

/** Two people saving the same document (issue 45): the note a refused save (412) shows. */
export const conflict = {
  title: 'Someone else saved this in the meantime.',
  text: 'Your changes are not saved yet. Reload to see their version (your unsaved changes are lost), or overwrite their version with yours.',
  changed: (fields: string) => `They changed: ${fields}`,
  nothingVisible: 'No field you edit differs (only its timestamps or marks).',
  reload: 'Reload their version',
  overwrite: 'Overwrite with mine',
}
