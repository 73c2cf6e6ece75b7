import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import mongoose from 'mongoose'
import { HttpError, Type, adminOnly, conflict, errorResponses, isObjectId, notFound } from '@site/service-kit'
import { ContactItem } from '@site/contracts'
import { toContactDto } from '../../lib/dto.js'

const Params = Type.Object({
  id: Type.String({ maxLength: 64 }),
  index: Type.Integer({ minimum: 0, maximum: 99 }),
})
const NOT_FOUND = 'Contact request not found'

/** "Send again" of one webhook delivery in the inbox (docs/contact.md, "Webhook"). */
const webhooksAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'inbox', audit: 'contact' })
  const { contacts } = app

  app.post(
    '/api/contacts/:id/webhooks/:index/retry',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Deliver a request to one webhook receiver again',
        params: Params,
        response: { 200: ContactItem, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const { id, index } = request.params
      if (!isObjectId(id)) throw notFound(NOT_FOUND)
      const at = `webhooks.${index}`
      // A new round (a new job id), unless this delivery is still under way.
      const doc = await contacts
        .findOneAndUpdate(
          { _id: id, erasedAt: null, [`${at}.status`]: mongoose.trusted({ $in: ['delivered', 'failed'] }) },
          {
            $set: { [`${at}.status`]: 'pending', [`${at}.attempts`]: 0, [`${at}.lastError`]: null },
            $inc: { [`${at}.round`]: 1 },
          },
          { returnDocument: 'after' },
        )
        .lean()
      if (!doc) {
        const found = await contacts.findOne({ _id: id, erasedAt: null }, { webhooks: 1 }).lean()
        if (!found?.webhooks?.[index]) throw notFound(NOT_FOUND)
        throw conflict('This webhook is still being delivered.', 'WEBHOOK_PENDING')
      }
      await app.changes.afterWrite(request, {
        kind: 'contact',
        action: 'update',
        target: { id, label: null },
        fields: ['webhooks'],
      })
      try {
        await app.webhookQueue.enqueue(id, doc.webhooks)
      } catch {
        // Not queued: failed again, so the button stays (a pending one would wait for nothing).
        await contacts
          .updateOne(
            { _id: id },
            { $set: { [`${at}.status`]: 'failed', [`${at}.lastError`]: 'not queued: Redis unavailable' } },
          )
          .catch(() => undefined)
        throw new HttpError(503, 'The queue is not available; please try again.', 'QUEUE_UNAVAILABLE')
      }
      return toContactDto(doc)
    },
  )
}
export default webhooksAdmin
