import { AUTH_MESSAGES, USERNAME_MAX, USERNAME_MIN } from '@site/contracts'

/** Control characters and invisible formatting characters (zero-width, direction overrides). */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/
export const hasInvisibleOrControl = (text: string) => INVISIBLE.test(text)

/** The trimmed username, or the message that says why it is not acceptable. */
export function checkUsername(input: string): { username: string } | { problem: string } {
  const username = input.normalize('NFC').trim()
  const length = [...username].length
  if (length < USERNAME_MIN || length > USERNAME_MAX) return { problem: AUTH_MESSAGES.usernameLength }
  if (hasInvisibleOrControl(username)) return { problem: AUTH_MESSAGES.usernameChars }
  return { username }
}
