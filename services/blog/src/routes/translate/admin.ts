import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HttpError, adminOnly, badRequest, errorResponses } from '@site/service-kit'
import { TranslateTitleRequest, TranslateTitleResponse } from '@site/contracts'
import { translateTitle } from '../../lib/translate.js'
import { guideFor } from '../../glossary/guide.js'
import { readGlossary } from '../../glossary/repo.js'
import { plainText } from '@site/contracts/text'

export const NO_LLM =
  'Title translation is not available: no translation service is configured. Please enter the translation yourself.'
const LLM_DOWN = 'The translation service is not available right now. Please try again later.'

/** POST /api/blog/translate-title: nl → en or en → nl with the configured LLM. */
const translateAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'translate', audit: false })
  const ctx = app.blog
  app.post(
    '/api/blog/translate-title',
    {
      schema: {
        tags: ['blog'],
        body: TranslateTitleRequest,
        response: { 200: TranslateTitleResponse, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const { sourceLanguage: from } = request.body
      const title = plainText(request.body.title)
      if (!title)
        throw badRequest(
          `No title to translate. Please enter ${from === 'nl' ? 'a Dutch' : 'an English'} title first.`,
          'NO_TITLE',
        )
      if (!ctx.llm) throw new HttpError(503, NO_LLM, 'LLM_NOT_CONFIGURED')
      try {
        const to = from === 'nl' ? 'en' : 'nl'
        const guide = guideFor(await readGlossary(ctx.glossary), from, to)
        const translatedTitle = plainText(await translateTitle(ctx.llm, title, from, to, guide)).slice(0, 200)
        return { translatedTitle }
      } catch (err) {
        request.log.warn({ err }, 'title translation failed')
        throw new HttpError(503, LLM_DOWN, 'LLM_UNAVAILABLE', { 'retry-after': '30' })
      }
    },
  )
}
export default translateAdmin
