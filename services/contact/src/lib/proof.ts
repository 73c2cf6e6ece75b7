import { createHmac } from 'node:crypto'
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1'
import type { ContactChallenge } from '@site/contracts'
import type { Redis } from '@site/service-kit'
import { allowInWindow } from './spam.js'

/**
 * The proof of work of the contact form (the ALTCHA scheme, docs/contact.md "Spam"): the service
 * signs a challenge (SHA-256 of a salt and a secret number ≤ maxnumber, the expiry inside the
 * salt), the browser finds the number, the request carries the widget's base64 payload. Nothing is
 * stored per challenge; a solution is remembered only once used, until its challenge expires.
 */
export interface ProofSettings {
  hmacKey: string
  maxNumber: number
  expiresS: number
}

export type ProofOutcome = 'ok' | 'missing' | 'invalid' | 'expired' | 'used'

/** ALTCHA_HMAC_KEY, or a key derived from SESSION_SECRET with a purpose of its own. */
export const proofKey = (altchaKey: string | undefined, sessionSecret: string) =>
  altchaKey ?? createHmac('sha256', sessionSecret).update('site:contact-altcha:v1').digest('hex')

export async function issueChallenge(s: ProofSettings, now = Date.now()): Promise<ContactChallenge> {
  const c = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: s.hmacKey,
    maxnumber: s.maxNumber,
    expires: new Date(now + s.expiresS * 1000),
  })
  return {
    algorithm: 'SHA-256',
    challenge: c.challenge,
    maxnumber: c.maxnumber ?? s.maxNumber,
    salt: c.salt,
    signature: c.signature,
  }
}

interface Payload {
  algorithm: 'SHA-256'
  challenge: string
  number: number
  salt: string
  signature: string
}

function decode(raw: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Record<string, unknown>
    const ok =
      p.algorithm === 'SHA-256' &&
      typeof p.challenge === 'string' &&
      /^[0-9a-f]{64}$/.test(p.challenge) &&
      Number.isSafeInteger(p.number) &&
      (p.number as number) >= 0 &&
      typeof p.salt === 'string' &&
      p.salt.length <= 500 &&
      typeof p.signature === 'string'
    return ok ? (p as unknown as Payload) : null
  } catch {
    return null
  }
}

const usedKey = (ns: string, challenge: string) => `${ns}:contact:pow:${challenge}`

/**
 * Checks a solution and marks it used: its challenge counted once in a window until it expires
 * (lib/spam.ts `allowInWindow`). While Redis is away a valid, unexpired solution is accepted
 * without the replay check (as the limits: a person's request weighs more than a few replays).
 */
export async function verifyProof(
  redis: Redis,
  ns: string,
  hmacKey: string,
  raw: string | undefined,
  now = Date.now(),
): Promise<ProofOutcome> {
  if (!raw || raw.trim() === '') return 'missing'
  const payload = decode(raw.trim())
  if (!payload) return 'invalid'
  const expires = Number(extractParams(payload).expires)
  if (!Number.isSafeInteger(expires)) return 'invalid'
  if (expires * 1000 <= now) return 'expired'
  if (!(await verifySolution(payload, hmacKey, false))) return 'invalid'
  const ttlMs = Math.max(1, expires - Math.floor(now / 1000) + 1) * 1000
  return (await allowInWindow(redis, usedKey(ns, payload.challenge), 1, ttlMs)).allowed ? 'ok' : 'used'
}
