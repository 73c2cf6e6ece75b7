import { AUTH_MESSAGES, DISPLAY_NAME_MAX } from '@site/contracts'
import { badRequest } from '@site/service-kit'
import { hasInvisibleOrControl } from './username.js'

/** A display name as typed (NFC, trimmed), or null for none; a 400 in the user's words otherwise. */
export function checkDisplayName(input: string): string | null {
  const name = input.normalize('NFC').trim()
  if ([...name].length > DISPLAY_NAME_MAX)
    throw badRequest(AUTH_MESSAGES.displayNameLength, 'INVALID_DISPLAY_NAME')
  if (hasInvisibleOrControl(name)) throw badRequest(AUTH_MESSAGES.displayNameChars, 'INVALID_DISPLAY_NAME')
  return name || null
}
