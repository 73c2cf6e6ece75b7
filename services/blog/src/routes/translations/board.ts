import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, adminOnly, errorResponses, translationBoardPage } from '@site/service-kit'
import {
  TranslationBoard,
  TranslationBoardQuery,
  TranslationSettings,
  TranslationSettingsUpdate,
  type TranslationBoardRow,
} from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { WITHOUT_CONTENT } from '../../posts/list.js'
import { sourceOf, translationsView } from '../../translations/model.js'
import { readTranslationSettings, writeTranslationSettings } from '../../translations/settings.js'

/** The boards the content service answers (GET /api/translations?type=… leads there). */
const CONTENT_BOARDS: Record<string, string | undefined> = {
  page: '/api/pages/translations',
  feature: '/api/features/translations',
  content: '/api/content/translations',
}

/**
 * GET /api/translations: the board (every post × nl/en/de with its state, counts per language,
 * paged), and the per-language setting "machine text may go live before review".
 * The rows are derived from the posts without their bodies (each post keeps its languages' hashes).
 */
const translationsBoard: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'content.read', audit: 'post' })
  const ctx = app.blog

  app.get(
    '/api/translations',
    {
      config: { capability: ['content.read'] },
      schema: {
        tags: ['translations'],
        summary:
          'Every post × nl/en/de with its translation state and the counts per language (admin, paged)',
        querystring: TranslationBoardQuery,
        response: {
          200: TranslationBoard,
          307: Type.Null({
            description:
              'type=page, feature or content: that board of the content service, GET /api/pages/translations, /api/features/translations or /api/content/translations (Location)',
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      // Pages, features and the site content live in the content service, which answers their rows
      // itself (docs/editorial.md).
      const elsewhere = CONTENT_BOARDS[request.query.type ?? 'post']
      if (elsewhere) {
        const query = new URLSearchParams(request.url.split('?')[1] ?? '')
        return reply.redirect(`${elsewhere}?${query.toString()}`, 307)
      }
      const docs = await ctx.posts
        .find({}, WITHOUT_CONTENT)
        .sort({ updated_at: -1, _id: -1 })
        .lean<PostDoc[]>()
      const rows: TranslationBoardRow[] = docs.map((doc) => {
        const cells = translationsView(doc as never)
        return {
          type: 'post',
          id: String(doc._id),
          title: doc.title_nl || doc.title_en || doc.slug,
          slug: doc.slug,
          published: Boolean(doc.published),
          source_lang: sourceOf(doc as never),
          updated_at: new Date(doc.updated_at).toISOString(),
          cells,
        }
      })
      return translationBoardPage(rows, request.query)
    },
  )

  app.get(
    '/api/translations/settings',
    {
      schema: {
        tags: ['translations'],
        summary: 'Per language: whether machine text may go live before review (admin)',
        response: { 200: TranslationSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readTranslationSettings(app.db),
  )

  app.put(
    '/api/translations/settings',
    {
      config: { capability: 'content.publish' },
      schema: {
        tags: ['translations'],
        summary: 'Change the per-language review setting; applies to the machine runs from then on (admin)',
        body: TranslationSettingsUpdate,
        response: { 200: TranslationSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { after } = await writeTranslationSettings(app.db, request.body.publish_unreviewed)
      // Applies to the machine runs from now on: no public answer changes, nothing to purge.
      await app.changes.afterWrite(request, {
        kind: 'post',
        action: 'update',
        target: { id: null, label: 'translation settings' },
        fields: ['publish_unreviewed'],
        keys: [],
        before: null,
      })
      return after
    },
  )
}
export default translationsBoard
