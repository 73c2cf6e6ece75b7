import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from './errors.js'

/** Deepest JSON body any service accepts: far more than any of our shapes needs. */
export const MAX_JSON_DEPTH = 20

/** True when `value` nests objects/arrays deeper than `max` levels. Iterative: any depth is safe to check. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth > max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}

/**
 * A body nested deeper than MAX_JSON_DEPTH is a 400 before any validation, handler or database
 * driver walks it (mongoose's clone recursed until the stack ran out). A hook rather than a parser
 * of our own: Fastify's JSON parser stays (it refuses `__proto__` and `constructor` keys), and a
 * plugin that brings its own parser (the gateway's proxy) still can.
 */
export function boundJsonDepth(app: FastifyInstance, max = MAX_JSON_DEPTH) {
  app.addHook('preValidation', async (request) => {
    const body = request.body
    if (body === null || typeof body !== 'object') return
    // Only parsed JSON (plain objects and arrays); a raw Buffer or stream is not walked.
    const proto = Object.getPrototypeOf(body)
    if (!Array.isArray(body) && proto !== Object.prototype && proto !== null) return
    if (nestedDeeperThan(body, max))
      throw badRequest(`The JSON body is nested too deeply (more than ${max} levels).`, 'BODY_TOO_DEEP')
  })
}

/**
 * preValidation hook for a JSON body: only the keys of the route's body schema are accepted. Any
 * other key (update operators such as `$set`, dotted paths, `_id`, fields only the service sets)
 * is a 400 naming it, instead of being passed on to the database or silently dropped.
 */
export function onlyFields(schema: { properties: Record<string, unknown> }) {
  const allowed = new Set(Object.keys(schema.properties))
  return async function rejectUnknownFields(request: FastifyRequest) {
    const body = request.body
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return
    for (const key of Object.keys(body)) {
      if (!allowed.has(key))
        throw badRequest(`"${key}" is not a field that can be set here.`, 'UNKNOWN_FIELD')
    }
  }
}

/**
 * preValidation of a POST that takes no body (an action on the document the path names, such as
 * making a preview link): a body with anything in it is refused, not ignored, like every other
 * write's unknown fields (a JSON `null` too). An empty object is what clients send for "nothing"
 * and passes.
 */
export async function noBody(request: FastifyRequest) {
  const body = request.body
  if (body === undefined) return
  if (body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return
  throw badRequest('This call takes no body', 'UNEXPECTED_BODY')
}
