import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  PRIVATE_NO_STORE,
  Type,
  adminOnly,
  conflict,
  errorResponses,
  isObjectId,
  notFound,
} from '@site/service-kit'
import { ContactItem, ContactList, ContactListQuery, ContactPatchBody } from '@site/contracts'
import type { Config } from '../../config.js'
import { toContactDto } from '../../lib/dto.js'
import { forgetSubmission } from '../../lib/spam.js'

const Params = Type.Object({ id: Type.String({ maxLength: 64 }) })
const errors = errorResponses(401, 403, 404, 503)
const NOT_FOUND = 'Contact request not found'

/**
 * The admin inbox. Erased requests are not listed. Each write is a change record (the audit
 * trail), named by the request's id, never by the visitor's name.
 */
const contactsAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  // 401 before the body is read; answers private, no-store (personal data).
  adminOnly(app, { capability: 'inbox', audit: 'contact' })
  const { contacts } = app
  const live = (id: string) => {
    if (!isObjectId(id)) throw notFound(NOT_FOUND)
    return { _id: id, erasedAt: null }
  }

  app.get(
    '/api/contacts',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Inbox, newest first',
        querystring: ContactListQuery,
        response: { 200: ContactList, ...errors },
      },
    },
    async (request, reply) => {
      const { page, pageSize, handled, chatSessionId } = request.query
      reply.header('cache-control', PRIVATE_NO_STORE)
      const filter = {
        erasedAt: null,
        ...(handled === undefined ? {} : { handled }),
        ...(chatSessionId === undefined ? {} : { chatSessionId }),
      }
      const [items, total] = await Promise.all([
        contacts
          .find(filter)
          .sort({ createdAt: -1, _id: -1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .lean(),
        contacts.countDocuments(filter),
      ])
      return { items: items.map(toContactDto), total, page, pageSize }
    },
  )

  app.get(
    '/api/contacts/:id',
    { schema: { tags: ['contacts'], params: Params, response: { 200: ContactItem, ...errors } } },
    async (request) => {
      const doc = await contacts.findOne(live(request.params.id)).lean()
      if (!doc) throw notFound(NOT_FOUND)
      return toContactDto(doc)
    },
  )

  app.patch(
    '/api/contacts/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Mark handled or not',
        params: Params,
        body: ContactPatchBody,
        response: { 200: ContactItem, ...errorResponses(400), ...errors },
      },
    },
    async (request) => {
      const { handled } = request.body
      const doc = await contacts
        .findOneAndUpdate(
          live(request.params.id),
          { $set: { handled, handledAt: handled ? new Date() : null } },
          { returnDocument: 'after' },
        )
        .lean()
      if (!doc) throw notFound(NOT_FOUND)
      await app.changes.afterWrite(request, {
        kind: 'contact',
        action: 'update',
        target: { id: request.params.id, label: null },
        fields: ['handled'],
      })
      return toContactDto(doc)
    },
  )

  app.post(
    '/api/contacts/:id/retry',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Send the mails of a failed request again',
        params: Params,
        response: { 200: ContactItem, ...errorResponses(409), ...errors },
      },
    },
    async (request) => {
      const filter = live(request.params.id)
      // Back to pending: the worker's relay replaces the finished job, and only unsent mails go out.
      const doc = await contacts
        .findOneAndUpdate(
          { ...filter, 'notification.status': 'failed' },
          { $set: { 'notification.status': 'pending', 'notification.attempts': 0, notifyPending: true } },
          { returnDocument: 'after' },
        )
        .lean()
      if (doc) {
        await app.changes.afterWrite(request, {
          kind: 'contact',
          action: 'update',
          target: { id: request.params.id, label: null },
          fields: ['notification'],
        })
        return toContactDto(doc)
      }
      if (await contacts.exists(filter))
        throw conflict('Only a failed notification can be retried.', 'NOT_FAILED')
      throw notFound(NOT_FOUND)
    },
  )

  app.delete(
    '/api/contacts/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Erase the personal data of a request',
        params: Params,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!isObjectId(id)) throw notFound(NOT_FOUND)
      const before = await contacts.findById(id, { dedupeKey: 1, erasedAt: 1 }).lean()
      if (!before) throw notFound(NOT_FOUND)
      if (!before.erasedAt) {
        await contacts.updateOne(
          { _id: id },
          {
            $set: {
              name: null,
              email: null,
              phone: null,
              company: null,
              message: null,
              // The conversation it came from is the visitor's words too: the link goes with them.
              chatSessionId: null,
              erasedAt: new Date(),
              dedupeKey: `erased:${id}`,
              // Mail errors quote addresses; an unsent notification must not go out any more.
              'notification.lastError': null,
              'notification.team.error': null,
              'notification.visitor.error': null,
            },
          },
        )
        await contacts.updateOne(
          { _id: id, 'notification.status': 'pending' },
          { $set: { 'notification.status': 'cancelled' }, $unset: { notifyPending: 1 } },
        )
        await forgetSubmission(app.redis, config.QUEUE_PREFIX, before.dedupeKey)
        // The audit trail names the request by its id only: the name was personal data.
        await app.changes.afterWrite(request, {
          kind: 'contact',
          action: 'delete',
          target: { id, label: null },
        })
        request.log.info({ contactId: id }, 'contact request erased')
      }
      return reply.code(204).send(null)
    },
  )
}
export default contactsAdmin
