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
