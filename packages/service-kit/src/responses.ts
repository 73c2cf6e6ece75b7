import { Type } from 'typebox'
import { ErrorBody } from '@site/contracts'

/**
 * The error answers a route declares in its OpenAPI response map, all in the one error shape:
 * `response: { 200: Thing, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const C extends number>(...codes: C[]): { [K in C]: typeof ErrorBody } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as { [K in C]: typeof ErrorBody }
}

/** What an admin write may answer besides its success (validation, signed out, missing, clash). */
export const ADMIN_WRITE_ERRORS = errorResponses(400, 401, 404, 409)

const FileBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' })

/** What sendImmutable answers: the file, one byte range of it, not modified, or a range past its end. */
export const FILE_RESPONSES = { 200: FileBytes, 206: FileBytes, 304: Type.Null(), ...errorResponses(416) }
