import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { adminOnly, errorResponses, notFound } from '@site/service-kit'
import { SIGNED_OUT } from './admin.js'

const SessionItem = Type.Object({
  id: Type.String(),
  device: Type.String(),
  ip: Type.String(),
  signed_in_at: Type.String({ format: 'date-time' }),
  last_seen_at: Type.String({ format: 'date-time' }),
  current: Type.Boolean(),
})
const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })

/**
 * The signed-in person's sessions (issue 46): where they are signed in, and ending one or every
 * other. Session ids are the Redis keys' names: a person sees and ends only their own.
 */
const sessionList: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { ...SIGNED_OUT, capability: 'account', audit: 'account' })
  const sessions = app.authSessions

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: "The signed-in person's sessions: device, address, last seen; this one marked",
        response: { 200: Type.Object({ items: Type.Array(SessionItem) }), ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      const me = (await request.getAdmin())!
      const items = await sessions.listSessions(me.id)
      return {
        items: items.map((s) => ({
          id: s.id,
          device: s.device,
          ip: s.ip,
          signed_in_at: new Date(s.loginAt).toISOString(),
          last_seen_at: new Date(s.lastSeen).toISOString(),
          current: s.id === request.session.sessionId,
        })),
      }
    },
  )

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of your sessions (its cookie signs nothing in any more)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      const me = (await request.getAdmin())!
      if (!(await sessions.endSession(me.id, request.params.id)))
        throw notFound('Session not found', 'SESSION_NOT_FOUND')
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'session-end',
        target: { id: me.id, label: me.username },
      })
      return reply.code(204).send(null)
    },
  )

  app.delete(
    '/api/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else: ends every session but this one',
        response: { 200: Type.Object({ ended: Type.Integer() }), ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      const me = (await request.getAdmin())!
      const ended = await sessions.endOtherSessions(me.id, request.session.sessionId)
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'session-end',
        target: { id: me.id, label: me.username },
        fields: [`others:${ended}`],
      })
      return { ended }
    },
  )
}

export default sessionList
