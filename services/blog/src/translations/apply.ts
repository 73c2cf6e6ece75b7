import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BlogPost } from '@site/contracts'
import type { PostDoc } from '../models/post.js'
import { afterPostWrite } from '../posts/save.js'
import type { TLang, TranslatableField } from './model.js'
import { writeHumanTranslation } from './writes.js'

/**
 * Writes translated fields of a post (`title_de`, ...) as a person's edit: the per-language
 * model's write (translations/writes.ts: the post's one write path, the language becomes `human`
 * from the current source revision, its machine marks and glossary flags go), then the post's
 * after-write path (history, audit, purge). The one place an XLIFF import writes. `partial`: some
 * of the language's units were refused (its source changed since the export, ...), so the file
 * does not confirm the whole language: it keeps the source revision it had, and stays stale.
 */
export async function applyHumanTranslation(
  app: FastifyInstance,
  request: FastifyRequest,
  postId: string,
  lang: TLang,
  fields: Partial<Record<string, string>>,
  { partial = false } = {},
): Promise<BlogPost> {
  const own: Partial<Record<TranslatableField, string>> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && key.endsWith(`_${lang}`))
      own[key.slice(0, -lang.length - 1) as TranslatableField] = value
  }
  const { posts } = app.blog
  const { before, after } = await writeHumanTranslation(posts, postId, lang, own)
  const kept = partial
    ? await posts
        .findByIdAndUpdate(
          after._id,
          { $set: { [`translations.${lang}.source_rev`]: before.translations?.[lang]?.source_rev ?? null } },
          { returnDocument: 'after' },
        )
        .lean<PostDoc>()
    : after
  return afterPostWrite(app, request, before, kept ?? after)
}
