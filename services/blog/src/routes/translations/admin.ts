import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import {
  ADMIN_WRITE_ERRORS,
  HttpError,
  Type,
  adminOnly,
  conflict,
  errorResponses,
  mayWorkOnLanguage,
} from '@site/service-kit'
import { BlogPost, TranslateLanguageRequest, TranslationLang } from '@site/contracts'
import { LlmMalformed, LlmRejected, LlmUnavailable } from '../../lib/llm.js'
import { afterPostWrite } from '../../posts/save.js'
import { fieldsOf, sourceOf } from '../../translations/model.js'
import { machineFields } from '../../translations/machine.js'
import { heldLanguages } from '../../translations/settings.js'
import {
  humanFields,
  loadPost,
  reviewLanguage,
  setLanguagePublished,
  writeMachineTranslation,
  type LanguageWrite,
} from '../../translations/writes.js'

const Params = Type.Object({ id: Type.String({ maxLength: 64 }), lang: TranslationLang })
const errors = { ...ADMIN_WRITE_ERRORS, ...errorResponses(403) }
const HUMAN_FIELDS = (fields: string[]) =>
  `A person wrote or reviewed ${fields.join(', ')} since the last machine translation. ` +
  'Send overwrite: true to replace them, or edit them yourself.'
const LLM_DOWN = 'The translation service is not available right now. Please try again later.'

/** 403 unless the caller may work on this language (the kit's rule, shared with the pages). */
export const mayWorkOn = mayWorkOnLanguage

/**
 * One language of a post (issue 47, docs/editorial.md "Translations"): publish or take it down
 * alone, review it or confirm it is still right, translate it by machine. Each write is audited and
 * purges the post's public answers through the kit's after-write path.
 */
const translationsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { audit: 'post' })
  const ctx = app.blog
  const done = async (
    request: FastifyRequest,
    write: LanguageWrite,
    action: Parameters<typeof afterPostWrite>[4],
  ) => afterPostWrite(app, request, write.before, write.after, action)

  for (const [name, on] of [
    ['publish', true],
    ['unpublish', false],
  ] as const)
    app.post(
      `/api/blog/:id/translations/:lang/${name}`,
      {
        config: { capability: 'content.publish' },
        schema: {
          tags: ['blog'],
          summary: on
            ? 'Put one language of the post on the site again (admin)'
            : 'Take one language of the post off the site; Dutch and the source only with the post (admin)',
          params: Params,
          response: { 200: BlogPost, ...errors },
        },
      },
      async (request) => {
        const { id, lang } = request.params
        const write = await setLanguagePublished(ctx.posts, id, lang, on)
        return done(request, write, name)
      },
    )

  for (const how of ['review', 'dismiss'] as const)
    app.post(
      `/api/blog/:id/translations/:lang/${how}`,
      {
        config: { capability: 'translate' },
        schema: {
          tags: ['blog'],
          summary:
            how === 'review'
              ? 'Review one language: machine marks and stale cleared, reviewer recorded (admin, translator)'
              : 'Confirm one language is still right after a source change: stale cleared (admin, translator)',
          params: Params,
          response: { 200: BlogPost, ...errors },
        },
      },
      async (request) => {
        const { id, lang } = request.params
        const admin = await mayWorkOn(request, lang)
        const write = await reviewLanguage(ctx.posts, id, lang, admin.username, how)
        return done(request, write, how)
      },
    )

  app.post(
    '/api/blog/translate/:id/:lang',
    {
      config: { capability: 'translate' },
      schema: {
        tags: ['blog'],
        summary:
          'Translate one language by machine from the source; 409 over a person’s text unless overwrite (admin, translator)',
        params: Params,
        body: Type.Optional(TranslateLanguageRequest),
        response: { 200: BlogPost, ...errors, ...errorResponses(503) },
      },
    },
    async (request) => {
      const { id, lang } = request.params
      await mayWorkOn(request, lang)
      const before = await loadPost(ctx.posts, id)
      const source = sourceOf(before as never)
      if (lang === source)
        throw conflict('The source language of a post is not translated.', 'SOURCE_LANGUAGE')
      const mine = humanFields(
        before,
        lang,
        fieldsOf(lang).filter((f) => !f.startsWith('meta_')),
      )
      if (mine.length && !request.body?.overwrite)
        throw new HttpError(409, HUMAN_FIELDS(mine), 'HUMAN_EDITS', { 'x-human-fields': mine.join(',') })
      let made: Awaited<ReturnType<typeof machineFields>>
      try {
        made = await machineFields(ctx.llm, before, source, lang, ctx.config.BLOG_LLM_CHUNK_CHARS)
      } catch (err) {
        if (!(err instanceof LlmUnavailable || err instanceof LlmRejected || err instanceof LlmMalformed))
          throw err
        request.log.warn({ err }, 'machine translation failed')
        throw new HttpError(503, LLM_DOWN, 'LLM_UNAVAILABLE', { 'retry-after': '30' })
      }
      // Text copied from the source (no model) is not a translation: never on the site before review.
      const hold = made.untranslated || (await heldLanguages(app.db)).includes(lang)
      const write = await writeMachineTranslation(ctx.posts, before, lang, made.fields, {
        untranslated: made.untranslated,
        hold,
      })
      return done(request, write, 'translate')
    },
  )
}
export default translationsAdmin
