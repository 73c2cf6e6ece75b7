import type { FastifyInstance } from 'fastify'
import { unauthorized } from './errors.js'
import { noStore } from './http-cache.js'
import { onlyFields } from './body.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route registered in an `adminOnly` context: tests and docs can list them. */
    admin?: boolean
  }
}

export interface AdminOnlyOptions {
  /** The 401 message (the auth service says "Not signed in"). */
  message?: string
  code?: string
}

export const ADMIN_REQUIRED = 'Please sign in as an administrator.'

/**
 * The one way to make routes admin-only: call it first thing in an encapsulated context (a plugin
 * registered with `app.register`), and every route of that context
 * - answers 401 without a live admin session in the `onRequest` phase, before its body is read,
 *   parsed or validated (an anonymous caller learns nothing about the route's schema),
 * - accepts only the top-level fields its body schema names (`onlyFields`: an operator such as
 *   `$set`, a dotted path, `_id` or a service-owned field is a 400 naming it), and
 * - answers `Cache-Control: private, no-store` unless the route chose otherwise.
 * Identity comes only from the kit's session reader (`request.getAdmin()`), never from a header.
 */
export function adminOnly(scope: FastifyInstance, opts: AdminOnlyOptions = {}) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), admin: true }
    // An admin write accepts only the fields its body schema documents (400 naming any other key).
    const body = route.schema?.body as { properties?: Record<string, unknown> } | undefined
    if (body?.properties) route.preValidation = [onlyFields({ properties: body.properties }), ...[route.preValidation ?? []].flat()]
  })
  scope.addHook('onRequest', async (request) => {
    if (!(await request.getAdmin())) throw unauthorized(opts.message ?? ADMIN_REQUIRED, opts.code)
  })
  scope.addHook('onSend', noStore)
}
