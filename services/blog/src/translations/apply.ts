import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BlogPost } from '@site/contracts'
import { afterPostWrite } from '../posts/save.js'
import type { TLang, TranslatableField } from './model.js'
import { writeHumanTranslation } from './writes.js'

/**
 * Writes translated fields of a post (`title_de`, ...) as a person's edit: the per-language
 * model's write (translations/writes.ts: the post's one write path, the language becomes `human`
 * from the current source revision, its machine marks and glossary flags go), then the post's
 * after-write path (history, audit, purge). The one place an XLIFF import writes.
 */
export async function applyHumanTranslation(
  app: FastifyInstance,
  request: FastifyRequest,
  postId: string,
  lang: TLang,
  fields: Partial<Record<string, string>>,
): Promise<BlogPost> {
  const own: Partial<Record<TranslatableField, string>> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && key.endsWith(`_${lang}`))
      own[key.slice(0, -lang.length - 1) as TranslatableField] = value
  }
  const { before, after } = await writeHumanTranslation(app.blog.posts, postId, lang, own)
  return afterPostWrite(app, request, before, after)
}
