import { createHmac, timingSafeEqual } from 'node:crypto'
import { isObjectId } from '../ids.js'

/**
 * Preview links (docs/editorial.md, "Preview links"): a signed, expiring token naming one document
 * and its preview version. Nothing is stored per link: revoking bumps the document's version, so
 * every link made before stops working at once. The key is derived from SESSION_SECRET with a
 * purpose of its own (a session signature is never a valid preview token, nor the other way
 * round), and the kind is signed too (a post's token does not open the page of the same id).
 * 48 characters: the document id (12 bytes), version and expiry (4 each), 16 bytes of HMAC-SHA256.
 */
export interface PreviewClaim {
  kind: string
  /** An ObjectId (24 hex characters). */
  id: string
  /** The document's preview version when the link was made. */
  version: number
  /** Expiry, epoch milliseconds (kept to the second). */
  expires: number
}

const MAC_BYTES = 16
const BODY_BYTES = 20
export const PREVIEW_TOKEN_PATTERN = '^[A-Za-z0-9_-]{48}$'

const keyOf = (secret: string) => createHmac('sha256', secret).update('site:preview-links:v1').digest()
const mac = (secret: string, kind: string, body: Buffer) =>
  createHmac('sha256', keyOf(secret)).update(kind).update('\0').update(body).digest().subarray(0, MAC_BYTES)

export function signPreview(secret: string, claim: PreviewClaim): string {
  if (!isObjectId(claim.id)) throw new Error('a preview names a document by its ObjectId')
  const body = Buffer.alloc(BODY_BYTES)
  Buffer.from(claim.id, 'hex').copy(body, 0)
  body.writeUInt32BE(claim.version >>> 0, 12)
  body.writeUInt32BE(Math.max(0, Math.floor(claim.expires / 1000)), 16)
  return Buffer.concat([body, mac(secret, claim.kind, body)]).toString('base64url')
}

/** The claim of a genuine, unexpired token of `kind`; null for anything else. */
export function verifyPreview(
  secret: string,
  token: string,
  kind: string,
  now = Date.now(),
): PreviewClaim | null {
  if (!new RegExp(PREVIEW_TOKEN_PATTERN).test(token)) return null
  const raw = Buffer.from(token, 'base64url')
  if (raw.length !== BODY_BYTES + MAC_BYTES) return null
  const body = raw.subarray(0, BODY_BYTES)
  if (!timingSafeEqual(raw.subarray(BODY_BYTES), mac(secret, kind, body))) return null
  const expires = body.readUInt32BE(16) * 1000
  if (expires <= now) return null
  return { kind, id: body.subarray(0, 12).toString('hex'), version: body.readUInt32BE(12), expires }
}

/** The site's first public origin (PUBLIC_ORIGIN may list several): where a preview link points. */
export const firstOrigin = (publicOrigin: string) => publicOrigin.split(',')[0]!.trim().replace(/\/+$/, '')
