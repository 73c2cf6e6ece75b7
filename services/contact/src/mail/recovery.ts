import type { Mailer } from './transport.js'
import type { Log } from '@site/service-kit'

export interface RecoveryOptions {
  mailer: Mailer
  intervalMs: number
  /** Called once the server answers again: retry what waits in backoff now. */
  onBack: () => Promise<unknown>
  log: Log
}

/**
 * Backoff alone would leave mails waiting up to NOTIFY_BACKOFF_MAX_MS after an SMTP outage ends.
 * Once a send finds the server unreachable, this probes it every intervalMs (connect and greet,
 * nothing sent) and, when it answers, lets the delayed jobs run at once. Rejections with an SMTP
 * code do not start it: the server is up and the job's own backoff applies.
 */
export function smtpRecovery(o: RecoveryOptions) {
  let timer: NodeJS.Timeout | undefined
  let closed = false
  const probe = async () => {
    timer = undefined
    if (closed) return
    if (await o.mailer.verify()) {
      o.log.info({}, 'SMTP server reachable again; retrying waiting notifications now')
      await o
        .onBack()
        .catch((err: unknown) =>
          o.log.warn({ reason: (err as Error).message }, 'could not promote waiting notifications'),
        )
      return
    }
    if (!closed) timer = setTimeout(probe, o.intervalMs)
  }
  return {
    /** A send found the server unreachable. */
    unreachable() {
      if (!timer && !closed) timer = setTimeout(probe, o.intervalMs)
    },
    async close() {
      closed = true
      clearTimeout(timer)
    },
  }
}
