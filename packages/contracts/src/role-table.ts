/**
 * The role table as plain values (no TypeBox), so the admin's chunk can use it:
 * `@site/contracts/role-table`. ./roles.ts adds the request and answer schemas.
 */
/**
 * Who may do what (issue 46): the one table every service enforces (the kit's `adminOnly` guard
 * reads it) and docs/security.md shows. A route names the capability it needs; a role has a set.
 */
export const ROLES = ['owner', 'admin', 'editor', 'author', 'translator'] as const
export type Role = (typeof ROLES)[number]

export const CAPABILITIES = {
  account: 'Own account: profile, password, sessions, two-factor sign-in',
  'content.read': 'Read every document in the admin (drafts, lists, revisions)',
  'content.edit': 'Edit all content: posts, pages, projects, features, site content, media',
  'content.publish': 'Publish, schedule, unpublish and delete content; restore revisions',
  'posts.own': 'Write drafts of their own posts and read them',
  'media.upload': 'Upload images and files, list the media library',
  preview: 'Make preview links (authors: of their own drafts)',
  translate: 'Edit the language fields of their languages in any document',
  imports: 'Import blog posts from files and follow the jobs',
  inbox: 'Contact requests and chat conversations',
  users: 'People, roles and invitations',
  audit: 'Read the audit trail',
  queue: 'The queue board',
  analytics: 'Page views, sources and conversions (no person in them)',
} as const
export type Capability = keyof typeof CAPABILITIES

const ALL = Object.keys(CAPABILITIES) as Capability[]

/** The role matrix (docs/security.md). Owner and admin differ only in the users rules (ROLE_RULES). */
export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: ALL,
  admin: ALL,
  editor: [
    'account',
    'content.read',
    'content.edit',
    'content.publish',
    'posts.own',
    'media.upload',
    'preview',
    'translate',
    'imports',
    'inbox',
    'analytics',
  ],
  author: ['account', 'posts.own', 'media.upload', 'preview'],
  translator: ['account', 'content.read', 'translate', 'preview'],
}

/** A session written before roles existed belongs to the one admin of that time: the owner. */
export const LEGACY_ROLE: Role = 'owner'

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value)

/** Whether `role` holds `capability` (an unknown role holds nothing). */
export function roleCan(role: string | null | undefined, capability: Capability): boolean {
  const r = role ?? LEGACY_ROLE
  return isRole(r) && ROLE_CAPABILITIES[r].includes(capability)
}

/** Rank for "a role above one's own": owner 4 … translator 0 (author and translator are peers). */
export const ROLE_RANK: Record<Role, number> = { owner: 4, admin: 3, editor: 2, author: 1, translator: 1 }

/**
 * Who may give `role` to someone, or change/disable an account that has `targetRole`:
 * the owner anyone but another owner; an admin anything below admin. Nobody changes the owner.
 */
export function mayManage(actor: Role, targetRole: Role, newRole?: Role): boolean {
  if (targetRole === 'owner' || newRole === 'owner') return false
  if (actor === 'owner') return true
  if (actor !== 'admin') return false
  return ROLE_RANK[targetRole] < ROLE_RANK.admin && (!newRole || ROLE_RANK[newRole] < ROLE_RANK.admin)
}

export const ROLE_MESSAGES = {
  forbidden: 'Your role does not allow this.',
  publishForbidden: 'Your role cannot publish, schedule or delete: an editor publishes your draft.',
  notYourPost: 'You can only change your own drafts.',
  languagesOnly: (langs: readonly string[]) =>
    `You can only change the ${langs.join(', ') || 'no'} language fields.`,
  manageForbidden: 'You cannot give this role or change this account.',
  ownerProtected: 'The owner cannot be removed, disabled or given another role.',
  languagesRequired: 'A translator needs at least one language.',
  userNotFound: 'User not found',
} as const
