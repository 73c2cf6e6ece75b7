import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { ChangeActor, ChangeRecord } from '@site/contracts'
import { ChangeLog, type ChangeInput } from './log.js'
import { recorded } from '../audit-net.js'
import { saveExclusively } from '../save-lock.js'

export interface ChangeRecorder {
  log: ChangeLog
  /**
   * After a write this request made (the log's afterWrite: read layers forgotten, the change
   * recorded, its keys announced): who from the request's admin session (else the input's actor,
   * else "anonymous"), and the client address the gateway determined.
   */
  afterWrite(request: FastifyRequest, input: ChangeInput): Promise<ChangeRecord>
  /**
   * Runs a read-check-write of one document (`kind:id`) while no other one of it runs, on any
   * replica (save-lock.ts): an If-Match save, a single-use claim. The embedded FerretDB does not
   * run a conditional update atomically, so the filter alone does not hold.
   */
  exclusive<T>(doc: string, write: () => Promise<T>): Promise<T>
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeRecorder
  }
}

const ANONYMOUS: ChangeActor = { id: null, name: 'anonymous' }

async function actorOf(request: FastifyRequest): Promise<ChangeActor | null> {
  if (typeof request.getAdmin !== 'function') return null
  const admin = await request.getAdmin().catch(() => null)
  return admin ? { id: admin.id, name: admin.username } : null
}

/** The service's change log (`app.changes`), its relay and its sweep; registered by createService. */
export default fp<{ service: string; prefix: string }>(
  async (app, opts) => {
    const log = new ChangeLog({
      db: app.db,
      redis: () => app.redis,
      prefix: opts.prefix,
      service: opts.service,
      log: app.log,
    })
    app.decorate('changes', {
      log,
      async afterWrite(request, input) {
        const actor = (await actorOf(request)) ?? input.actor ?? ANONYMOUS
        recorded.add(request)
        return log.afterWrite({ ...input, actor, ip: input.ip ?? request.ip })
      },
      exclusive: (doc, write) => saveExclusively(app.redis, opts.prefix, doc, write),
    })
    app.addHook('onReady', async () => log.start())
    app.addHook('onClose', async () => log.stop())
  },
  { name: 'kit-changes', dependencies: ['kit-mongo', 'kit-redis'] },
)
