import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, adminOnly, errorResponses, sourceChanges } from '@site/service-kit'
import { SourceChanges, TranslationLang } from '@site/contracts'
import { postTranslations } from '../../translations/model.js'
import { loadPost } from '../../translations/writes.js'
import { mayWorkOn } from './admin.js'

const Params = Type.Object({ id: Type.String({ maxLength: 64 }), lang: TranslationLang })

/**
 * The editor's side by side (issue 47 item 4): what changed in a language's source since it was
 * translated, field by field, from the post's kept revisions. A read: nothing is recorded.
 */
const sourceChangesAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'translate' })
  const ctx = app.blog

  app.get(
    '/api/blog/:id/translations/:lang/source-changes',
    {
      config: { capability: 'translate' },
      schema: {
        tags: ['blog'],
        summary:
          'What changed in the source since this language was translated: then/now per changed field (admin, translator)',
        params: Params,
        response: { 200: SourceChanges, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, lang } = request.params
      await mayWorkOn(request, lang)
      const doc = await loadPost(ctx.posts, id)
      return sourceChanges(app.changes.log.model, 'post', postTranslations, doc as never, lang)
    },
  )
}
export default sourceChangesAdmin
