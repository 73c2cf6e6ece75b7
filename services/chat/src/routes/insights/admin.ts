import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { adminOnly, errorResponses } from '@site/service-kit'
import { ChatFeedbackSummary, ChatUnansweredList, ChatUnansweredQuery } from '@site/contracts'

const errors = errorResponses(401, 403, 503)

/** What the team learns from the chat: the questions the site could not answer, and how answers were rated. */
const insightsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'inbox' })
  const { conversations } = app

  app.get(
    '/api/chat/unanswered',
    {
      schema: {
        tags: ['chat'],
        summary: 'Questions the site could not answer (nothing found, or rated unhelpful), most asked first',
        querystring: ChatUnansweredQuery,
        response: { 200: ChatUnansweredList, ...errorResponses(400), ...errors },
      },
    },
    async (request) => conversations.unanswered(request.query.page ?? 1, request.query.pageSize ?? 20),
  )

  app.get(
    '/api/chat/feedback',
    {
      schema: {
        tags: ['chat'],
        summary: 'Rated answers and the share rated helpful, week by week over the kept period',
        response: { 200: ChatFeedbackSummary, ...errors },
      },
    },
    async () => conversations.feedback(conversations.retentionDays),
  )
}
export default insightsAdmin
