import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import mongoose from 'mongoose'
import { Counter } from 'prom-client'
import { errorResponses, newObjectId, onDuplicateKey, tooManyRequests } from '@site/service-kit'
import { ContactCreateBody, ContactCreated } from '@site/contracts'
import type { Config } from '../../config.js'
import { honeypotFilled, parseContact, pickLanguage } from '../../lib/input.js'
import { dedupeKey, hitRateLimit, recentDuplicate, rememberSubmission } from '../../lib/spam.js'
import { claimConfirmation, releaseConfirmation } from '../../lib/form-guards.js'
import { deliveryPlan } from '../../lib/webhook.js'
import { countConversion } from '../../analytics/conversion.js'

/** `POST /api/contacts`: store first (the outbox), then enqueue; the relay covers a failed enqueue. */
const contactsPublic: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { contacts, notifyQueue: notify } = app
  const outcomes = new Counter({
    name: 'contact_submissions_total',
    help: 'Contact form submissions by outcome',
    labelNames: ['outcome'] as const,
    registers: [app.metrics],
  })
  const windowMs = config.CONTACT_DEDUPE_WINDOW_S * 1000

  /** A request with the same content stored within the window, if any. */
  async function findDuplicate(key: string, now: number): Promise<string | null> {
    const remembered = await recentDuplicate(app.redis, config.QUEUE_PREFIX, key)
    if (remembered !== undefined) return remembered
    // Redis is away: ask the database (the slot of now and the one before cover the whole window).
    const slot = Math.floor(now / windowMs)
    const found = await contacts
      .findOne(
        {
          dedupeKey: key,
          dedupeSlot: mongoose.trusted({ $in: [slot, slot - 1] }),
          createdAt: mongoose.trusted({ $gte: new Date(now - windowMs) }),
        },
        { _id: 1 },
      )
      .lean()
    return found ? found._id.toString() : null
  }

  app.post(
    '/api/contacts',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Send a consultation request',
        body: ContactCreateBody,
        response: { 201: ContactCreated, ...errorResponses(400, 409, 429, 503) },
      },
      // Counted before the body is read, so malformed and honeypot posts use up the allowance too.
      onRequest: async (request) => {
        const rl = await hitRateLimit(
          app.redis,
          config.QUEUE_PREFIX,
          request.ip,
          config.CONTACT_RATE_LIMIT,
          config.CONTACT_RATE_WINDOW_S,
        )
        if (!rl.allowed) {
          outcomes.inc({ outcome: 'rate_limited' })
          throw tooManyRequests(
            'Too many messages from your address. Please try again later.',
            'RATE_LIMITED',
            rl.retryAfterS,
          )
        }
      },
    },
    async (request, reply) => {
      if (honeypotFilled(request.body.website)) {
        outcomes.inc({ outcome: 'honeypot' })
        request.log.info('honeypot filled; accepted silently, not stored')
        return reply.code(201).send({ id: newObjectId(), ok: true })
      }
      // The proof of work (used once) and the form's budget, after the honeypot (docs/contact.md).
      await app.formGuard.admit(request.body.altcha, pickLanguage(request.body.language))
      const input = parseContact(request.body)
      const key = dedupeKey(input)
      const now = Date.now()
      const duplicate = await findDuplicate(key, now)
      if (duplicate) {
        outcomes.inc({ outcome: 'duplicate' })
        return reply.code(201).send({ id: duplicate, ok: true })
      }

      const slot = Math.floor(now / windowMs)
      const doubleSubmit = new Error('double submit')
      // One confirmation per address per hour: decided here, after every check, stored with the request.
      const ns = config.QUEUE_PREFIX
      const confirm = await claimConfirmation(app.redis, ns, input.email, config.CONTACT_CONFIRM_ONCE_S)
      const plan = deliveryPlan(confirm, config.CONTACT_WEBHOOK_URLS, config.CONTACT_CONSENT_VERSION)
      const created = await contacts
        .create({ ...input, ...plan, createdAt: new Date(now), dedupeKey: key, dedupeSlot: slot })
        .catch(async (err: unknown) => {
          if (confirm) await releaseConfirmation(app.redis, ns, input.email)
          throw err
        })
        .catch(onDuplicateKey(doubleSubmit))
        .catch(async (err: unknown) => {
          // A concurrent identical submit (double click) won the unique index: answer with its id.
          const same =
            err === doubleSubmit
              ? await contacts.findOne({ dedupeKey: key, dedupeSlot: slot }, { _id: 1 }).lean()
              : null
          if (!same) throw err
          return { duplicateOf: same._id.toString() }
        })
      if ('duplicateOf' in created) {
        outcomes.inc({ outcome: 'duplicate' })
        return reply.code(201).send({ id: created.duplicateOf, ok: true })
      }
      const id = created._id.toString()
      await countConversion(app, request, input.language)
      await rememberSubmission(app.redis, config.QUEUE_PREFIX, key, id, config.CONTACT_DEDUPE_WINDOW_S)

      try {
        await notify.enqueue(id)
        outcomes.inc({ outcome: 'queued' })
      } catch (err) {
        outcomes.inc({ outcome: 'stored_for_relay' })
        request.log.warn(
          { contactId: id, reason: (err as Error).message },
          'notification not queued; the relay will queue it',
        )
      }
      request.log.info({ contactId: id }, 'contact request stored')
      return reply.code(201).send({ id, ok: true })
    },
  )
}
export default contactsPublic
