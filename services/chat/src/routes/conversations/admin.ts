import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, adminOnly, errorResponses, notFound } from '@site/service-kit'
import {
  CHAT_SESSION_ID_PATTERN,
  ChatConversation,
  ChatConversationList,
  ChatConversationQuery,
} from '@site/contracts'

const Params = Type.Object({ sessionId: Type.String({ maxLength: 64 }) })
const errors = errorResponses(401, 403, 404, 503)
const NOT_FOUND = 'Conversation not found'
const SESSION_ID = new RegExp(CHAT_SESSION_ID_PATTERN)

/** The transcripts: read, search and erase the visitors' conversations (admin only, private, no-store). */
const conversationsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'inbox', audit: 'conversation' })
  const { conversations } = app
  /** A malformed id names no conversation: 404, as a malformed object id elsewhere. */
  const known = (sessionId: string) => {
    if (!SESSION_ID.test(sessionId)) throw notFound(NOT_FOUND)
    return sessionId
  }

  app.get(
    '/api/chat/conversations',
    {
      schema: {
        tags: ['chat'],
        summary: 'Conversations, latest activity first, each with its messages and their ratings',
        querystring: ChatConversationQuery,
        response: { 200: ChatConversationList, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => conversations.list(request.query),
  )

  app.get(
    '/api/chat/conversations/:sessionId',
    {
      schema: {
        tags: ['chat'],
        summary: 'One conversation with its messages',
        params: Params,
        response: { 200: ChatConversation, ...errors },
      },
    },
    async (request) => {
      const found = await conversations.get(known(request.params.sessionId))
      if (!found) throw notFound(NOT_FOUND)
      return found
    },
  )

  app.delete(
    '/api/chat/conversations/:sessionId',
    {
      schema: {
        tags: ['chat'],
        summary: 'Erase a conversation and every message of it (GDPR)',
        params: Params,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const sessionId = known(request.params.sessionId)
      if (!(await conversations.erase(sessionId))) throw notFound(NOT_FOUND)
      // The audit trail names the session id only: what the visitor wrote is gone for good.
      await app.changes.afterWrite(request, {
        kind: 'conversation',
        action: 'delete',
        target: { id: sessionId, label: null },
      })
      request.log.info({ sessionId }, 'chat: conversation erased')
      return reply.code(204).send(null)
    },
  )
}
export default conversationsAdmin
