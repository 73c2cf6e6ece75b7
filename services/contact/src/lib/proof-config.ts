import { Type } from '@site/service-kit'

/** The contact form's guards beside the per-address limit (docs/contact.md, "Spam"). */
export const proofConfigProperties = {
  /** HMAC key of the proof-of-work challenges; unset: derived from SESSION_SECRET with a purpose of its own. */
  ALTCHA_HMAC_KEY: Type.Optional(
    Type.String({ minLength: 32, description: 'signs proof-of-work challenges (32+ chars)' }),
  ),
  /** Upper bound of the secret number: a browser tries half of it on average (SHA-256 each). */
  CONTACT_POW_MAX_NUMBER: Type.Integer({ minimum: 1, maximum: 10_000_000, default: 100_000 }),
  /** A challenge is valid this long after it was issued (the visitor types meanwhile). */
  CONTACT_POW_EXPIRES_S: Type.Integer({ minimum: 10, default: 1800 }),
  /** Requests the whole form accepts per window, across all addresses (429 beyond). */
  CONTACT_FORM_BUDGET: Type.Integer({ minimum: 1, default: 30 }),
  CONTACT_FORM_BUDGET_WINDOW_S: Type.Integer({ minimum: 1, default: 60 }),
  /** One confirmation mail per address within this long; later requests still reach the team. */
  CONTACT_CONFIRM_ONCE_S: Type.Integer({ minimum: 1, default: 3600 }),
}
