/** Bytes `start` to `end` of a file, both included. */
export interface ByteSpan {
  start: number
  end: number
}

/** The 416's message (the kit's sendImmutable, the gateway's kept answers). */
export const RANGE_PAST_END = 'The requested range starts past the end of the file.'

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14): `bytes=a-b`,
 * `bytes=a-` or `bytes=-n` (the last n). null when the header is absent, not a single `bytes`
 * range, or malformed: the whole file is sent (a server may always ignore Range). `unsatisfiable`
 * when the range starts past the end (416). A range past the end is cut to it.
 */
export function byteRange(header: string | undefined, size: number): ByteSpan | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}
