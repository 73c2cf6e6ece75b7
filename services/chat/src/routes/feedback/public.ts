import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HttpError, errorResponses, notFound } from '@site/service-kit'
import { ChatFeedbackRequest, ChatFeedbackResponse } from '@site/contracts'

/**
 * `POST /api/chat/feedback`: the visitor's thumbs up or down on one answer of their own session
 * (the session id and the answer's id together: an answer of another session is not found). A
 * second rating replaces the first. Limited per client address, counted before the body is read.
 */
const feedbackPublic: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/chat/feedback',
    {
      schema: {
        tags: ['chat'],
        summary: 'Rate one answer of the assistant (helpful or not)',
        body: ChatFeedbackRequest,
        response: { 200: ChatFeedbackResponse, ...errorResponses(400, 404, 429, 503) },
      },
      onRequest: async (request) => {
        const wait = await app.chatLimits.hitFeedback(request.ip)
        if (wait !== null)
          throw new HttpError(429, 'Too many ratings at once. Please wait a moment.', 'RATE_LIMITED', {
            'retry-after': String(wait),
          })
      },
    },
    async (request) => {
      const { sessionId, messageId, helpful } = request.body
      if (!(await app.conversations.rate(sessionId, messageId, helpful)))
        throw notFound(
          'This answer cannot be rated: it is not part of this conversation.',
          'MESSAGE_NOT_FOUND',
        )
      return { messageId, helpful }
    },
  )
}
export default feedbackPublic
