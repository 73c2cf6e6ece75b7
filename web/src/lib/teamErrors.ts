// The team's errors in the admin's language (issue 46): the API's error `code` picks the text of
// the site language's catalog (i18n messages */teamErrors.ts); an error without a known code shows
// the server's message as every other admin error does (lib/api errorMessage).
import { errorMessage, isApiError } from '@/lib/api'
import type { Messages } from '@/i18n'

export type TeamErrors = Messages['teamErrors']

export function teamErrorMessage(err: unknown, texts: TeamErrors): string {
  const code = isApiError(err) ? err.code : null
  if (code && code !== 'failed' && Object.hasOwn(texts, code)) return texts[code as keyof TeamErrors]
  return errorMessage(err, texts.failed)
}
