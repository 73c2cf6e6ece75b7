import type { Config } from '../config.js'

function duration(ms: number): string {
  const units: [number, string][] = [
    [3600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ]
  for (const [size, name] of units) {
    if (ms % size === 0) {
      const n = ms / size
      return `${n} ${name}${n === 1 ? '' : 's'}`
    }
  }
  return `${ms} ms`
}

const COOKIE_SECURE: Record<Config['SESSION_COOKIE_SECURE'], string> = {
  auto: 'marked Secure whenever the site is served over HTTPS',
  true: 'marked Secure (sent over HTTPS only)',
  false: 'not marked Secure (this deployment serves plain HTTP)',
}

/**
 * What the admin Settings tab lists under security information (spec §9), derived from the
 * running configuration so the text cannot drift from what the system does.
 */
export function securityInfo(config: Config): string[] {
  const mib = Math.round((config.ARGON2_MEMORY_KIB / 1024) * 10) / 10
  const lanes = config.ARGON2_PARALLELISM
  return [
    `Sessions expire after ${duration(config.SESSION_IDLE_TIMEOUT_MS)} of inactivity`,
    `Sessions end ${duration(config.SESSION_ABSOLUTE_TIMEOUT_MS)} after login, whatever the activity`,
    `At most ${config.LOGIN_MAX_FAILURES} failed login attempts per ${duration(config.LOGIN_WINDOW_MS)} for a username from one IP address (${config.LOGIN_MAX_FAILURES_PER_ADDRESS} per address, ${config.LOGIN_MAX_FAILURES_PER_USERNAME} per username from addresses it has not signed in from)`,
    `Passwords hashed with argon2id (${mib} MiB memory, ${config.ARGON2_TIME_COST} iterations, ${lanes} lane${lanes === 1 ? '' : 's'})`,
    'Session identifiers regenerated on login',
    `Session cookie is HttpOnly, SameSite=${config.SESSION_COOKIE_SAMESITE === 'strict' ? 'Strict' : 'Lax'} and ${COOKIE_SECURE[config.SESSION_COOKIE_SECURE]}`,
    'Changing the password signs out all other sessions',
    'Changes are accepted only from this site (CSRF protection)',
  ]
}
