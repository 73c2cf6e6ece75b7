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
  auto: 'travels only over an encrypted connection whenever the site uses HTTPS',
  true: 'travels only over an encrypted connection (HTTPS)',
  false: 'also travels over unencrypted connections (this installation serves plain HTTP)',
}

/**
 * What the admin Settings tab lists under security information (spec §9), in plain words for an
 * admin who is no developer (issue 49 #14), derived from the running configuration so the text
 * cannot drift from what the system does. The hashing's cost parameters are the operator's
 * (docs/security.md), not the admin's: the list names the method only.
 */
export function securityInfo(config: Config): string[] {
  const others =
    config.SESSION_COOKIE_SAMESITE === 'strict'
      ? 'is never sent along from another website, not even when you follow a link here'
      : 'is not sent along with what other websites send here (only when you follow a link here)'
  return [
    `You are signed out after ${duration(config.SESSION_IDLE_TIMEOUT_MS)} without activity`,
    `A sign-in lasts at most ${duration(config.SESSION_ABSOLUTE_TIMEOUT_MS)}, however active you are`,
    `After ${config.LOGIN_MAX_FAILURES} wrong passwords within ${duration(config.LOGIN_WINDOW_MS)} for one username from one network address, further attempts are refused until that time has passed (also after ${config.LOGIN_MAX_FAILURES_PER_ADDRESS} from one address, or ${config.LOGIN_MAX_FAILURES_PER_USERNAME} for one username from addresses it never signed in from)`,
    'Passwords are never stored: only a one-way fingerprint that is slow to compute on purpose (argon2id), so a stolen copy is of little use',
    'Every sign-in gets a new session key, so a key seen before signing in is worthless',
    `Your sign-in cookie cannot be read by scripts on the page, ${others}, and ${COOKIE_SECURE[config.SESSION_COOKIE_SECURE]}`,
    'Changing your password signs out all your other sessions',
    'Changes are accepted only from this site itself, not from forms on other websites',
  ]
}
