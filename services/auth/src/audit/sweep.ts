import type { AuditModel } from './model.js'

const DAY_MS = 24 * 3600 * 1000

/**
 * The trail's retention (no TTL indexes on FerretDB): everything after `retentionDays`, failed
 * sign-ins sooner (anyone can cause them; they matter while an attack is fresh).
 */
export async function sweepAudit(
  audit: AuditModel,
  limits: { retentionDays: number; failedSignInDays: number },
  now = new Date(),
): Promise<number> {
  const before = (days: number) => audit.base.trusted({ $lt: new Date(now.getTime() - days * DAY_MS) })
  const old = await audit.deleteMany({ at: before(limits.retentionDays) })
  const failed = await audit.deleteMany({ action: 'sign-in-failed', at: before(limits.failedSignInDays) })
  return old.deletedCount + failed.deletedCount
}
