import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import mongoose from 'mongoose'
import { PRIVATE_NO_STORE, Type, conflict, notFound, type Redis } from '@site/service-kit'
import { ContactItem, ContactList, ContactListQuery, ContactPatchBody, ErrorBody } from '@site/contracts'
import type { ContactModel } from '../../models/contact.js'
import { toItem } from '../../lib/serialize.js'
import { forgetSubmission } from '../../lib/spam.js'

interface Options {
  contacts: ContactModel
  redis: Redis
  /** QUEUE_PREFIX: namespace of the service's Redis keys (not `prefix`: Fastify reads that as a route prefix). */
  ns: string
}

const Params = Type.Object({ id: Type.String({ maxLength: 64 }) })
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody }
const NOT_FOUND = 'Contact request not found'

/** The admin inbox (registered inside the kit's adminOnly context). Erased requests are not listed. */
const adminRoutes: FastifyPluginAsync<Options> = async (base, { contacts, redis, ns }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const live = (id: string) => {
    if (!mongoose.isObjectIdOrHexString(id)) throw notFound(NOT_FOUND)
    return { _id: id, erasedAt: null }
  }

  app.get(
    '/api/contacts',
    { schema: { tags: ['contacts'], summary: 'Inbox, newest first', querystring: ContactListQuery, response: { 200: ContactList, ...errors } } },
    async (request, reply) => {
      const { page, pageSize, handled } = request.query
      reply.header('cache-control', PRIVATE_NO_STORE)
      const filter = { erasedAt: null, ...(handled === undefined ? {} : { handled }) }
      const [items, total] = await Promise.all([
        contacts
          .find(filter)
          .sort({ createdAt: -1, _id: -1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .lean(),
        contacts.countDocuments(filter),
      ])
      return { items: items.map(toItem), total, page, pageSize }
    },
  )

  app.get(
    '/api/contacts/:id',
    { schema: { tags: ['contacts'], params: Params, response: { 200: ContactItem, ...errors } } },
    async (request) => {
      const doc = await contacts.findOne(live(request.params.id)).lean()
      if (!doc) throw notFound(NOT_FOUND)
      return toItem(doc)
    },
  )

  app.patch(
    '/api/contacts/:id',
    { schema: { tags: ['contacts'], summary: 'Mark handled or not', params: Params, body: ContactPatchBody, response: { 200: ContactItem, 400: ErrorBody, ...errors } } },
    async (request) => {
      const { handled } = request.body
      const doc = await contacts
        .findOneAndUpdate(live(request.params.id), { $set: { handled, handledAt: handled ? new Date() : null } }, { returnDocument: 'after' })
        .lean()
      if (!doc) throw notFound(NOT_FOUND)
      return toItem(doc)
    },
  )

  app.post(
    '/api/contacts/:id/retry',
    { schema: { tags: ['contacts'], summary: 'Send the mails of a failed request again', params: Params, response: { 200: ContactItem, 409: ErrorBody, ...errors } } },
    async (request) => {
      const filter = live(request.params.id)
      // Back to pending: the worker's relay replaces the finished job, and only unsent mails go out.
      const doc = await contacts
        .findOneAndUpdate({ ...filter, 'notification.status': 'failed' }, { $set: { 'notification.status': 'pending', 'notification.attempts': 0 } }, { returnDocument: 'after' })
        .lean()
      if (doc) return toItem(doc)
      if (await contacts.exists(filter)) throw conflict('Only a failed notification can be retried.', 'NOT_FAILED')
      throw notFound(NOT_FOUND)
    },
  )

  app.delete(
    '/api/contacts/:id',
    { schema: { tags: ['contacts'], summary: 'Erase the personal data of a request', params: Params, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const { id } = request.params
      if (!mongoose.isObjectIdOrHexString(id)) throw notFound(NOT_FOUND)
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
              erasedAt: new Date(),
              dedupeKey: `erased:${id}`,
              // Mail errors quote addresses; an unsent notification must not go out any more.
              'notification.lastError': null,
              'notification.team.error': null,
              'notification.visitor.error': null,
            },
          },
        )
        await contacts.updateOne({ _id: id, 'notification.status': 'pending' }, { $set: { 'notification.status': 'cancelled' } })
        await forgetSubmission(redis, ns, before.dedupeKey)
        request.log.info({ contactId: id }, 'contact request erased')
      }
      return reply.code(204).send(null)
    },
  )
}
export default adminRoutes
