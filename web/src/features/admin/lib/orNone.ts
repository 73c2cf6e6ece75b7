import { isApiError } from '@/lib/api'

/** A read of one item a link points to: a 404 (erased, expired) is "no such item", not a failure. */
export const orNoneOn404 = (err: unknown): never[] => {
  if (isApiError(err) && err.status === 404) return []
  throw err
}
