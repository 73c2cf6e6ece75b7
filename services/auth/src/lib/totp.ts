import { createHash, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s; one step of clock drift allowed. */
const PERIOD_S = 30
const ISSUER = 'Website admin'

const totpOf = (secret: string, label = 'admin') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  })

/** A new secret (160 bits, base32) and the otpauth:// URL an authenticator app scans. */
export function newTotpSecret(label: string): { secret: string; otpauth_url: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, otpauth_url: totpOf(secret, label).toString() }
}

/** The time step `code` is valid for at `now` (±1 step), or null. */
export function totpStep(secret: string, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const delta = totpOf(secret).validate({ token, timestamp: now, window: 1 })
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta
}

/** The code of `secret` at `now` (tests and the whole-stack walk use it as an authenticator app would). */
export const totpCode = (secret: string, now: number) => totpOf(secret).generate({ timestamp: now })

/** Ten recovery codes (xxxxx-xxxxx, 50 bits each) and the hashes that are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: 10 }, () => {
    const raw = randomBytes(10).toString('hex').slice(0, 10)
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
  return { codes, hashes: codes.map(recoveryHash) }
}

export const recoveryHash = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase().replace(/\s+/g, '')).digest('base64url')
