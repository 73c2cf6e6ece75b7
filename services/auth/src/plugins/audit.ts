import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { auditModel, type AuditModel } from '../audit/model.js'
import { AuditConsumer } from '../audit/consumer.js'
import { sweepAudit } from '../audit/sweep.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail: every service's change records, read from the change stream. */
    audit: AuditModel
  }
}

/** The audit trail: its collection, the consumer of the change stream, and the hourly retention sweep. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const audit = auditModel(app.db)
    await audit.init().catch((err: unknown) => app.log.warn({ err }, 'audit indexes not built yet'))
    const consumer = new AuditConsumer(config.REDIS_URL, config.QUEUE_PREFIX, audit, app.log)
    app.decorate('audit', audit)
    const limits = {
      retentionDays: config.AUDIT_RETENTION_DAYS,
      failedSignInDays: config.AUDIT_FAILED_SIGN_IN_DAYS,
    }
    const sweep = setInterval(() => {
      sweepAudit(audit, limits).catch((err: unknown) => app.log.warn({ err }, 'audit sweep failed'))
    }, 3600_000).unref()
    app.addHook('onReady', async () => consumer.start())
    app.addHook('onClose', async () => {
      clearInterval(sweep)
      await consumer.stop()
    })
  },
  { name: 'auth-audit', dependencies: ['kit-mongo'] },
)
