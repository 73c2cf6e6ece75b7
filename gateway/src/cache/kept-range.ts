import type { IncomingMessage } from 'node:http'
import { byteRange, type ByteSpan } from '@site/service-kit'
import type { CachedAnswer } from './shared-policy.js'

/**
 * The part of a kept answer a `Range` asks for, so a video player or PDF viewer gets its 206 from
 * the store as it would from the service (and a Range header does not take a request past the
 * cache). Only for a kept 200 whose upstream offered ranges (`Accept-Ranges: bytes`) and that is
 * sent as stored (no compression): any other is answered whole (200), as a server may always do.
 * `If-Range` naming another version gets it whole too.
 */
export function keptRange(
  request: Pick<IncomingMessage, 'headers'>,
  entry: CachedAnswer,
): ByteSpan | 'unsatisfiable' | null {
  const header = request.headers.range
  if (header === undefined || entry.status !== 200) return null
  if (entry.headers['accept-ranges'] !== 'bytes' || entry.headers['content-encoding'] !== undefined)
    return null
  const ifRange = request.headers['if-range']
  if (ifRange !== undefined && ifRange !== entry.etag) return null
  return byteRange(header, entry.body.length)
}
