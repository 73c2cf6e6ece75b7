import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import {
  ADMIN_WRITE_ERRORS,
  Type,
  adminOnly,
  errorResponses,
  mayWorkOnLanguage,
  sendVersioned,
  staysPublic,
  translationBoardPage,
} from '@site/service-kit'
import {
  Page,
  SourceChanges,
  TranslationBoard,
  TranslationBoardQuery,
  TranslationLang,
  type ChangeAction,
} from '@site/contracts'
import { toAdminPageDto, toPageDto } from '../../lib/dto.js'
import {
  pageSourceChanges,
  pageTranslations,
  reviewPageLanguage,
  setPageLanguagePublished,
  type PageLanguageWrite,
} from '../../lib/page-translations.js'
import type { PageDoc } from '../../models/page.js'

const tags = ['pages']
const Params = Type.Object({ id: Type.String({ maxLength: 64 }), lang: TranslationLang })
const errors = { ...ADMIN_WRITE_ERRORS, ...errorResponses(403) }
const WITHOUT_CONTENT = { content_nl: 0, content_en: 0, content_de: 0 } as const

/**
 * One language of a page (issue 47, docs/editorial.md "Translations: pages"), as the posts':
 * publish or take it down alone, review it or confirm it is still right; and the pages' rows of the
 * translation board, and what changed in the Dutch since a language was translated (the side by
 * side). Each write is audited and purges the page's public answers (the kit's
 * after-write path).
 */
const pageTranslationsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'content.edit', audit: 'page' })
  const { models } = app.store

  async function done(request: FastifyRequest, { before, after }: PageLanguageWrite, action: ChangeAction) {
    const page = toPageDto(after)
    await app.changes.afterWrite(request, {
      kind: 'page',
      action,
      target: { id: page.id, label: page.slug },
      before: toPageDto(before),
      snapshot: page,
      staysPublic: staysPublic(before, after),
    })
    return toAdminPageDto(after)
  }

  for (const [name, on] of [
    ['publish', true],
    ['unpublish', false],
  ] as const)
    app.post(
      `/api/pages/:id/translations/:lang/${name}`,
      {
        config: { capability: 'content.publish' },
        schema: {
          tags,
          summary: on
            ? 'Put one language of the page on the site again (admin)'
            : 'Take one language of the page off the site; Dutch only with the page (admin)',
          params: Params,
          response: { 200: Page, ...errors },
        },
      },
      async (request, reply) => {
        const { id, lang } = request.params
        const write = await app.changes.exclusive(`page:${id}`, () =>
          setPageLanguagePublished(models.pages, id, lang, on),
        )
        // With its version (ETag): the page editor saves over it next (issue 45's If-Match).
        return sendVersioned(reply, await done(request, write, name))
      },
    )

  for (const how of ['review', 'dismiss'] as const)
    app.post(
      `/api/pages/:id/translations/:lang/${how}`,
      {
        config: { capability: 'translate' },
        schema: {
          tags,
          summary:
            how === 'review'
              ? 'Review one language of the page: stale cleared, reviewer recorded (admin, translator)'
              : 'Confirm one language of the page is still right after a source change (admin, translator)',
          params: Params,
          response: { 200: Page, ...errors },
        },
      },
      async (request, reply) => {
        const { id, lang } = request.params
        const admin = await mayWorkOnLanguage(request, lang)
        const write = await app.changes.exclusive(`page:${id}`, () =>
          reviewPageLanguage(models.pages, id, lang, admin.username, how),
        )
        // With its version (ETag): the page editor saves over it next (issue 45's If-Match).
        return sendVersioned(reply, await done(request, write, how))
      },
    )

  app.get(
    '/api/pages/:id/translations/:lang/source-changes',
    {
      config: { capability: 'translate', audit: false },
      schema: {
        tags,
        summary:
          'What changed in the Dutch since this language of the page was translated: then/now per changed field (admin, translator)',
        params: Params,
        response: { 200: SourceChanges, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, lang } = request.params
      await mayWorkOnLanguage(request, lang)
      return pageSourceChanges(models.pages, app.changes.log.model, id, lang)
    },
  )

  app.get(
    '/api/pages/translations',
    {
      config: { capability: 'content.read', audit: false },
      schema: {
        tags: ['translations'],
        summary:
          'Every page × nl/en/de with its translation state and the counts per language (admin, paged; GET /api/translations?type=page leads here)',
        querystring: TranslationBoardQuery,
        response: { 200: TranslationBoard, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const docs = await models.pages
        .find({}, WITHOUT_CONTENT)
        .sort({ updated_at: -1, _id: -1 })
        .lean<PageDoc[]>()
      const rows = docs.map((doc) => ({
        type: 'page' as const,
        id: String(doc._id),
        title: doc.title_nl || doc.title_en || doc.slug,
        slug: doc.slug,
        published: doc.published !== false,
        source_lang: 'nl',
        updated_at: new Date(doc.updated_at).toISOString(),
        cells: pageTranslations.translationsView(doc as never),
      }))
      return translationBoardPage(rows, request.query)
    },
  )
}
export default pageTranslationsAdmin
