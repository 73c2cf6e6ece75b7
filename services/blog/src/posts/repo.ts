import mongoose from 'mongoose'
import { BLOG_LOCALIZED_FIELDS, BlogPostCreate, BlogPostUpdate, type GlossaryIssue } from '@site/contracts'
import {
  badRequest,
  checkSchedule,
  scheduledMark,
  conflict,
  isDuplicateKey,
  isObjectId,
  momentChanged,
  notFound,
  onDuplicateKey,
} from '@site/service-kit'
import type { PostDoc, PostModel } from '../models/post.js'
import { plainText } from '@site/contracts/text'
import { sanitizePostHtml } from '../lib/sanitize.js'
import { slugify } from '../lib/slug.js'
import { normalizeTags } from '../lib/translate.js'
import { humanEditMarks, initialTranslations, revsOf } from '../translations/model.js'

export const NOT_FOUND = 'Blog post not found'
const SLUG_TAKEN = 'A blog post with this slug already exists.'
const HTML_FIELDS = new Set(['content_nl', 'content_en', 'content_de'])
const TEXT_FIELDS = new Set<string>(BLOG_LOCALIZED_FIELDS.filter((f) => !HTML_FIELDS.has(f)))
/**
 * The fields an admin may write (the documented bodies). Only these are copied into a write, so
 * no other key of a body (an operator, a dotted path, a date, the upload id, the review marks)
 * can reach the database even if a route forgot its check.
 */
const CREATABLE = new Set(Object.keys(BlogPostCreate.properties))
const UPDATABLE = new Set(Object.keys(BlogPostUpdate.properties))

/** What a new post may carry besides the admin's fields: the import's marks and its source. */
export interface CreateExtras {
  machine_translated?: string[]
  untranslated?: string[]
  glossary_issues?: GlossaryIssue[]
  source_language?: string | null
  source_upload_id?: string
  /** The account that writes the post (issue 46). */
  author_id?: string
  /** Languages a machine wrote that stay off the site until reviewed (the per-language setting). */
  held?: string[]
}

/** Every write goes through here: HTML sanitized, titles/excerpts plain text, tags normalized. */
function clean(field: string, value: unknown, seen = new Map<string, string>()): unknown {
  if (value === null || value === undefined) return value
  if (HTML_FIELDS.has(field)) {
    // An offline import stores the same long HTML in two languages: sanitize it once.
    const html = String(value)
    const done = seen.get(html) ?? sanitizePostHtml(html)
    seen.set(html, done)
    return done
  }
  if (TEXT_FIELDS.has(field)) return plainText(String(value))
  if (field === 'tags') return normalizeTags(value as string[])
  if (field === 'featured_image') return safeImageUrl(String(value))
  if (field === 'publish_at' || field === 'unpublish_at') return new Date(String(value))
  return value
}

function safeImageUrl(url: string): string | null {
  const u = url.trim()
  if (!u) return null
  if (/^\/(?!\/)/.test(u) || /^https?:\/\//i.test(u)) return u
  throw badRequest('The featured image must be an http(s) URL or a path on this site.')
}

/**
 * The base slug, or the first of base-2, base-3, ... no post holds: each candidate is one read of
 * the unique slug index (a pattern over every slug would read the whole collection on FerretDB),
 * ten at a time after the base itself.
 */
const SLUG_PROBES = 10

async function freeSlug(posts: PostModel, base: string): Promise<string> {
  if (!(await posts.exists({ slug: base }))) return base
  for (let from = 2; ; from += SLUG_PROBES) {
    const candidates = Array.from({ length: SLUG_PROBES }, (_, i) => `${base}-${from + i}`)
    const taken = await Promise.all(candidates.map((slug) => posts.exists({ slug })))
    const free = candidates.find((_, i) => !taken[i])
    if (free) return free
  }
}

export async function createPost(
  posts: PostModel,
  input: BlogPostCreate & { author: string },
  extras: CreateExtras = {},
): Promise<PostDoc> {
  const { held = [], ...stored } = extras
  const doc: Record<string, unknown> = { ...stored }
  const seen = new Map<string, string>()
  for (const [k, v] of Object.entries(input)) if (k !== 'slug' && CREATABLE.has(k)) doc[k] = clean(k, v, seen)
  if (!doc.title_nl || !doc.title_en) throw badRequest('A title in Dutch and English is required.')
  checkSchedule(doc, doc, 'post')
  Object.assign(doc, scheduledMark(doc))
  doc.translations = initialTranslations(doc, held)
  doc.source_revs = revsOf(doc)
  const explicit = input.slug?.trim() ? slugify(input.slug) : null
  if (input.slug?.trim() && !explicit) throw badRequest('The slug must contain letters or digits.')
  const base = explicit ?? (slugify(String(doc.title_nl || doc.title_en)) || 'post')
  for (let attempt = 0; attempt < 6; attempt++) {
    doc.slug = explicit ?? (await freeSlug(posts, base))
    if (explicit && (await posts.exists({ slug: explicit }))) throw conflict(SLUG_TAKEN, 'SLUG_TAKEN')
    try {
      const created = await posts.create(doc as Partial<PostDoc>)
      return created.toObject() as PostDoc
    } catch (err) {
      if (!isDuplicateKey(err)) throw err
      if (extras.source_upload_id) {
        const existing = await posts.findOne({ source_upload_id: extras.source_upload_id }).lean<PostDoc>()
        if (existing) return existing
      }
      if (explicit) throw conflict(SLUG_TAKEN, 'SLUG_TAKEN')
      // A concurrent write took the generated slug: pick the next one.
    }
  }
  throw conflict(SLUG_TAKEN, 'SLUG_TAKEN')
}

/** Updates a post; answers the post before and after the write. */
export async function updatePost(
  posts: PostModel,
  id: string,
  body: BlogPostUpdate,
  /** Called with the stored post before anything is written (the If-Match check); may throw. */
  expect?: (current: PostDoc) => void,
): Promise<{ before: PostDoc; after: PostDoc }> {
  if (!isObjectId(id)) throw notFound(NOT_FOUND)
  const current = await posts.findById(id).lean<PostDoc>()
  if (!current) throw notFound(NOT_FOUND)
  expect?.(current)
  const set: Record<string, unknown> = {}
  const cleared = new Set<string>(body.reviewed ?? [])
  const edited = new Set<string>()
  for (const [k, v] of Object.entries(body)) {
    if (k === 'reviewed' || k === 'slug' || v === undefined || !UPDATABLE.has(k)) continue
    const value = clean(k, v)
    // An admin's edit of a translated field is the review: its mark goes.
    if (
      (BLOG_LOCALIZED_FIELDS as readonly string[]).includes(k) &&
      value !== (current as unknown as Record<string, unknown>)[k]
    ) {
      cleared.add(k)
      edited.add(k)
    }
    set[k] = value
  }
  if (set.title_nl === '' || set.title_en === '')
    throw badRequest('A title in Dutch and English is required.')
  const next: Record<string, unknown> = { ...current, ...set }
  const changedEnd = momentChanged(set.unpublish_at, current.unpublish_at) ? set.unpublish_at : undefined
  checkSchedule(next, { publish_at: set.publish_at, unpublish_at: changedEnd }, 'post')
  if (next.publish_at !== (current.publish_at ?? null)) set.publish_at = next.publish_at
  Object.assign(set, scheduledMark(next))
  if (body.slug !== undefined) {
    const slug = slugify(body.slug)
    if (!slug) throw badRequest('The slug must contain letters or digits.')
    if (
      slug !== current.slug &&
      (await posts.exists({ slug, _id: mongoose.trusted({ $ne: current._id }) as never }))
    )
      throw conflict(SLUG_TAKEN, 'SLUG_TAKEN')
    set.slug = slug
  }
  // A person's edit makes the language theirs, written from the current source (translations/model.ts).
  Object.assign(set, humanEditMarks(current as never, { ...current, ...set } as never, edited))
  set.source_revs = revsOf({ ...current, ...set } as never)
  if (cleared.size) {
    set.machine_translated = (current.machine_translated ?? []).filter((f) => !cleared.has(f))
    set.untranslated = (current.untranslated ?? []).filter((f) => !cleared.has(f))
    set.glossary_issues = (current.glossary_issues ?? []).filter((i) => !cleared.has(i.field))
  }
  // The unique index decides when another write took the slug since the check.
  const updated = await posts
    .findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after' })
    .lean<PostDoc>()
    .catch(onDuplicateKey(conflict(SLUG_TAKEN, 'SLUG_TAKEN')))
  if (!updated) throw notFound(NOT_FOUND)
  return { before: current, after: updated }
}

/** Deletes a post; answers what it was. */
export async function deletePost(posts: PostModel, id: string): Promise<PostDoc> {
  if (!isObjectId(id)) throw notFound(NOT_FOUND)
  const gone = await posts.findByIdAndDelete(id).lean<PostDoc>()
  if (!gone) throw notFound(NOT_FOUND)
  return gone
}
