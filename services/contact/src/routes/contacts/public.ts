import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import mongoose from 'mongoose'
import { Counter } from 'prom-client'
import { HttpError } from '@site/service-kit'
import { ContactCreateBody, ContactCreated, ErrorBody } from '@site/contracts'
import type { Config } from '../../config.js'
import type { ContactModel } from '../../models/contact.js'
import type { NotifyQueue } from '../../lib/notify-queue.js'
import { honeypotFilled, parseContact } from '../../lib/input.js'
import { dedupeKey, hitRateLimit, recentDuplicate, rememberSubmission } from '../../lib/spam.js'

interface Options {
  config: Config
  contacts: ContactModel
  notify: NotifyQueue
}

/** `POST /api/contacts`: store first (the outbox), then enqueue; the relay covers a failed enqueue. */
const publicRoutes: FastifyPluginAsync<Options> = async (base, { config, contacts, notify }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
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
        response: { 201: ContactCreated, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
      // Counted before the body is read, so malformed and honeypot posts use up the allowance too.
      onRequest: async (request) => {
        const rl = await hitRateLimit(app.redis, config.QUEUE_PREFIX, request.ip, config.CONTACT_RATE_LIMIT, config.CONTACT_RATE_WINDOW_S)
        if (!rl.allowed) {
          outcomes.inc({ outcome: 'rate_limited' })
          throw new HttpError(429, 'Too many messages from your address. Please try again later.', 'RATE_LIMITED', {
            'retry-after': String(rl.retryAfterS),
          })
        }
      },
    },
    async (request, reply) => {
      if (honeypotFilled(request.body.website)) {
        outcomes.inc({ outcome: 'honeypot' })
        request.log.info('honeypot filled; accepted silently, not stored')
        return reply.code(201).send({ id: new mongoose.Types.ObjectId().toHexString(), ok: true })
      }
      const input = parseContact(request.body)
      const key = dedupeKey(input)
      const now = Date.now()
      const duplicate = await findDuplicate(key, now)
      if (duplicate) {
        outcomes.inc({ outcome: 'duplicate' })
        return reply.code(201).send({ id: duplicate, ok: true })
      }

      let id: string
      try {
        const doc = await contacts.create({ ...input, createdAt: new Date(now), dedupeKey: key, dedupeSlot: Math.floor(now / windowMs) })
        id = doc._id.toString()
      } catch (err) {
        // A concurrent identical submit (double click) won the unique index: answer with its id.
        if ((err as { code?: unknown }).code !== 11000) throw err
        const same = await contacts.findOne({ dedupeKey: key, dedupeSlot: Math.floor(now / windowMs) }, { _id: 1 }).lean()
        if (!same) throw err
        outcomes.inc({ outcome: 'duplicate' })
        return reply.code(201).send({ id: same._id.toString(), ok: true })
      }
      await rememberSubmission(app.redis, config.QUEUE_PREFIX, key, id, config.CONTACT_DEDUPE_WINDOW_S)

      try {
        await notify.enqueue(id)
        outcomes.inc({ outcome: 'queued' })
      } catch (err) {
        outcomes.inc({ outcome: 'stored_for_relay' })
        request.log.warn({ contactId: id, reason: (err as Error).message }, 'notification not queued; the relay will queue it')
      }
      request.log.info({ contactId: id }, 'contact request stored')
      return reply.code(201).send({ id, ok: true })
    },
  )
}
export default publicRoutes
