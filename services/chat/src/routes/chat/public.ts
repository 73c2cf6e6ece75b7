import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HttpError, Type, badRequest, errorResponses } from '@site/service-kit'
import { CHAT_MESSAGE_MAX, ChatRequest, ChatResponse, DEFAULT_LOCALE } from '@site/contracts'
import { TEXTS } from '../../answer/texts.js'

const ChatStatus = Type.Object({
  mode: Type.Union([Type.Literal('llm'), Type.Literal('retrieval')]),
  index: Type.Object({
    items: Type.Integer(),
    passages: Type.Integer(),
    refreshedAt: Type.Union([Type.String(), Type.Null()]),
    /** Sources the last refresh could not read (their last copy is still used). */
    unavailable: Type.Array(Type.String()),
  }),
})

/** `POST /api/chat`: the visitor assistant; `GET /api/chat/status`: which mode answers and what it knows. */
const chatPublic: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/chat',
    {
      schema: {
        tags: ['chat'],
        summary: 'Ask the site assistant a question',
        body: ChatRequest,
        response: { 200: ChatResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      const language = request.body.language ?? DEFAULT_LOCALE
      const t = TEXTS[language]
      const message = request.body.message.trim()
      if (!message) throw badRequest(t.empty, 'EMPTY_MESSAGE')
      if (message.length > CHAT_MESSAGE_MAX) throw badRequest(t.tooLong(CHAT_MESSAGE_MAX), 'MESSAGE_TOO_LONG')
      const over = await app.chatLimits.hit(request.body.sessionId, request.ip)
      if (over) {
        request.log.info({ limit: over.limit }, 'chat: rate limit reached')
        throw new HttpError(429, t.slowDown, 'RATE_LIMITED', { 'retry-after': String(over.retryAfterS) })
      }
      return app.assistant({ message, sessionId: request.body.sessionId, language, page: request.body.page })
    },
  )

  app.get('/api/chat/status', { schema: { tags: ['chat'], response: { 200: ChatStatus } } }, async () => ({
    mode: app.llmEnabled ? ('llm' as const) : ('retrieval' as const),
    index: {
      ...app.knowledge.size,
      refreshedAt: app.knowledge.lastRefresh?.at.toISOString() ?? null,
      unavailable: [...(app.knowledge.lastRefresh?.failed ?? [])].sort(),
    },
  }))
}
export default chatPublic
