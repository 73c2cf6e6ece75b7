import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { HttpError, badRequest } from '@site/service-kit'
import { ErrorBody, TranslateTitleRequest, TranslateTitleResponse } from '@site/contracts'
import type { BlogContext } from '../context.js'
import { translateTitle } from '../lib/translate.js'
import { plainText } from '../lib/sanitize.js'

export const NO_LLM = 'Title translation is not available: no translation service is configured. Please enter the translation yourself.'
const LLM_DOWN = 'The translation service is not available right now. Please try again later.'

/** POST /api/blog/translate-title: nl → en or en → nl with the configured LLM. */
const translate: FastifyPluginAsync<{ ctx: BlogContext }> = async (base, { ctx }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/api/blog/translate-title',
    {
      schema: {
        tags: ['blog'],
        body: TranslateTitleRequest,
        response: { 200: TranslateTitleResponse, 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const { sourceLanguage: from } = request.body
      const title = plainText(request.body.title)
      if (!title) throw badRequest(`No title to translate. Please enter ${from === 'nl' ? 'a Dutch' : 'an English'} title first.`, 'NO_TITLE')
      if (!ctx.llm) throw new HttpError(503, NO_LLM, 'LLM_NOT_CONFIGURED')
      try {
        const translatedTitle = plainText(await translateTitle(ctx.llm, title, from, from === 'nl' ? 'en' : 'nl')).slice(0, 200)
        return { translatedTitle }
      } catch (err) {
        request.log.warn({ err }, 'title translation failed')
        throw new HttpError(503, LLM_DOWN, 'LLM_UNAVAILABLE', { 'retry-after': '30' })
      }
    },
  )
}
export default translate
