import { HttpError } from './http-error.js'

const MiB = 1024 * 1024

/**
 * Request body limits, in bytes, shared by the gateway (which refuses first) and the services (which
 * refuse again when reached directly), so both always answer the same 413. The table per route is
 * in docs/operations.md ("Request limits").
 */
export const BODY_LIMITS = {
  /** Every JSON route not named below. */
  default: 1 * MiB,
  /** The two multipart uploads: the 10 MB file plus its form fields and part headers. */
  upload: 10 * MiB + 256 * 1024,
  /**
   * Creating or updating a blog post: three HTML bodies of up to 2,000,000 characters each (the
   * contract's limit) at up to 3 bytes per character in UTF-8 (18 MB), plus the other fields.
   */
  blogPost: 20 * MiB,
} as const

/** "1 MB", "10.3 MB": the limit in the words of the spec's file messages. */
function megabytes(bytes: number): string {
  const mb = bytes / MiB
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
}

/**
 * The one 413 answer for a body over its route's limit, at the gateway and in every service. Upload
 * routes pass the file message their service answers (so the user reads the same sentence whichever
 * refuses first).
 */
export const bodyTooLarge = (limit: number, message?: string) =>
  new HttpError(
    413,
    message ?? `The request is too large: it must be smaller than ${megabytes(limit)}.`,
    message ? 'FILE_TOO_LARGE' : 'BODY_TOO_LARGE',
  )
