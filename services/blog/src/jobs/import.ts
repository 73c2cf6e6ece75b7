import { performance } from 'node:perf_hooks'
import type { Connection } from 'mongoose'
import { UnrecoverableError, type Job } from '@site/service-kit/queues'
import type { BlogImportJob, BlogImportStage } from '@site/contracts'
import { DEFAULT_BYLINE } from '@site/contracts'
import type { PostDoc, PostModel } from '../models/post.js'
import { deleteUpload, loadUpload } from '../models/upload.js'
import { FileRejected } from '../lib/filecheck.js'
import { htmlToText } from '@site/contracts/text'
import { sanitizePostHtml } from '../lib/sanitize.js'
import { detectLanguage } from '../lib/keywords.js'
import type { Llm } from '../lib/llm.js'
import { normalizeTags, type Lang } from '../lib/translate.js'
import { createPost } from '../posts/repo.js'
import { heldLanguages } from '../translations/settings.js'
import { extract } from './extract.js'
import type { ImportImages } from './import-images.js'
import { translateAndTag, type Fields, type TranslationMemo } from './translate-stage.js'
import { deriveExcerpt, deriveTitle, titleFromFilename, truncateWords } from './derive.js'
import type { Log } from '@site/service-kit'
import type { Glossary } from '@site/contracts'

export interface ImportDeps {
  db: Connection
  posts: PostModel
  llm: Llm | null
  settings: { BLOG_TRANSLATE_DE: boolean; BLOG_LLM_CHUNK_CHARS: number }
  log: Log
  /** Translations already paid for by an earlier attempt of the same import. */
  memo?: TranslationMemo
  /** Called after a post was saved (cache invalidation across processes, its change record). */
  onSaved: (post: PostDoc, uploadedBy: string) => Promise<void>
  /** The glossary and formality the translations follow (read once per import). */
  glossary?: () => Promise<Glossary>
  /** Where this attempt stores the document's images (the caller removes them if it fails). */
  images: ImportImages
}

export interface ImportResult {
  postId: string
  aiTags: string[]
  translation: 'llm' | 'offline' | 'partial' | 'replayed'
}

export interface ImportProgress {
  stage: BlogImportStage
  percent: number
}

/** The import job: stored upload → extracted, sanitized, translated, tagged post. Idempotent by upload id. */
export async function processImport(job: Job<BlogImportJob>, deps: ImportDeps): Promise<ImportResult> {
  const { uploadId } = job.data
  // Milliseconds spent per stage, logged with the result (what an operator needs to see a slow stage).
  const timings: Partial<Record<BlogImportStage, number>> = {}
  let current: { stage: BlogImportStage; at: number } | null = null
  const progress = (stage: BlogImportStage, percent: number) => {
    const now = performance.now()
    if (current && current.stage !== stage)
      timings[current.stage] = Math.round((timings[current.stage] ?? 0) + now - current.at)
    if (!current || current.stage !== stage) current = { stage, at: now }
    return job.updateProgress({ stage, percent } satisfies ImportProgress)
  }
  await progress('load', 5)
  const existing = await deps.posts.findOne({ source_upload_id: uploadId }).lean<PostDoc>()
  if (existing) {
    await progress('done', 100)
    return { postId: String(existing._id), aiTags: [...existing.tags], translation: 'replayed' }
  }
  const upload = await loadUpload(deps.db, uploadId)
  if (!upload)
    throw new UnrecoverableError('The uploaded file is no longer available; please upload it again.')
  const { meta } = upload
  const o = meta.overrides

  await progress('extract', 15)
  // The file stays stored: the admin may retry a failed import (docs/blog-import.md); the imports
  // sweep deletes it after a week.
  let extracted
  try {
    extracted = await extract(meta.kind, upload.bytes, deps.images.store)
  } catch (err) {
    if (err instanceof FileRejected) throw new UnrecoverableError(err.message)
    throw err
  }

  await progress('sanitize', 30)
  const html = sanitizePostHtml(extracted.html)
  const text = htmlToText(html) // once: on a long document each pass costs as much as sanitizing
  // A picture is content too: only a file with neither text nor images is refused.
  if (!text && !/<img\s/i.test(html))
    throw new UnrecoverableError('The file contains no text or images to import.')
  const source: 'nl' | 'en' = o.sourceLanguage ?? detectLanguage(text)
  const derived = deriveTitle(html)
  const givenTitle = o[`title_${source}`] || extracted.title
  const title = truncateWords(givenTitle || derived.title || titleFromFilename(meta.filename), 200)
  // The document's own first heading becomes the title only when none was given; then it leaves the body.
  const body = !givenTitle && derived.title ? derived.body || html : html
  const excerpt = truncateWords(o[`excerpt_${source}`] || extracted.excerpt || deriveExcerpt(body), 1000)
  const targets: Lang[] = [
    source === 'nl' ? 'en' : 'nl',
    ...(deps.settings.BLOG_TRANSLATE_DE ? (['de'] as const) : []),
  ]
  // Tags that normalize to nothing (`#`, blanks) are no tags: keywords or the model tag the post then.
  const given = normalizeTags(o.tags?.length ? o.tags : (extracted.tags ?? []))
  const givenTags = given.length ? given : null

  await progress('translate', 35)
  const glossary = deps.llm && deps.glossary ? await deps.glossary() : undefined
  const done = await translateAndTag({
    ...(glossary ? { glossary } : {}),
    llm: deps.llm,
    ...(deps.memo ? { memo: deps.memo } : {}),
    source,
    targets,
    title,
    excerpt,
    body,
    text: text || title, // a picture-only document is tagged from its title
    overrides: o,
    givenTags,
    chunkChars: deps.settings.BLOG_LLM_CHUNK_CHARS,
    lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
    log: { warn: (obj, m) => deps.log.warn({ ...obj, uploadId }, m) },
    onProgress: (fraction) => progress('translate', Math.round(35 + fraction * 50)),
    onTagging: () => progress('tag', 85),
  })
  const fields: Fields = {
    ...done.fields,
    [`title_${source}`]: title,
    [`excerpt_${source}`]: excerpt,
    [`content_${source}`]: body,
  }
  const { machine, untranslated, aiTags, translation, glossaryIssues } = done

  await progress('save', 92)
  const post = await createPost(
    deps.posts,
    {
      title_nl: fields.title_nl!,
      title_en: fields.title_en!,
      title_de: fields.title_de ?? null,
      excerpt_nl: fields.excerpt_nl!,
      excerpt_en: fields.excerpt_en!,
      excerpt_de: fields.excerpt_de ?? null,
      content_nl: fields.content_nl!,
      content_en: fields.content_en!,
      content_de: fields.content_de ?? null,
      published: o.publish ?? false,
      // The public byline, never the uploader's login name (issue 29).
      author: meta.byline ?? DEFAULT_BYLINE,
      tags: givenTags ?? normalizeTags(aiTags),
    },
    {
      machine_translated: machine,
      untranslated,
      glossary_issues: glossaryIssues,
      source_language: source,
      source_upload_id: uploadId,
      // Review before live (the per-language setting, docs/editorial.md): machine languages wait.
      held: await heldLanguages(deps.db),
    },
  )
  await deps.onSaved(post, meta.author)
  await deleteUpload(deps.db, uploadId)
  await progress('done', 100)
  const imagesDropped = deps.images.dropped
  deps.log.info(
    { uploadId, postId: String(post._id), translation, timings, imagesDropped },
    'blog import saved',
  )
  return { postId: String(post._id), aiTags, translation }
}
