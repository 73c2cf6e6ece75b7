import type { FastifyInstance } from 'fastify'
import { errorBody } from './errors.js'
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
  /**
   * Where a signed-out browser asking for a page (a GET that accepts text/html) is sent with 303
   * instead of the 401, e.g. the admin sign-in for the operators' queue dashboard.
   */
  signInPage?: string
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
    if (body?.properties)
      route.preValidation = [
        onlyFields({ properties: body.properties }),
        ...[route.preValidation ?? []].flat(),
      ]
  })
  scope.addHook('onRequest', async (request, reply) => {
    if (await request.getAdmin()) return
    const wantsPage = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html')
    if (opts.signInPage && wantsPage) return reply.redirect(opts.signInPage, 303)
    // Sent here rather than thrown: a plugin inside the scope (Bull Board) may set an error
    // handler of its own that would reshape the error.
    return reply.code(401).send(errorBody(401, opts.message ?? ADMIN_REQUIRED, opts.code))
  })
  scope.addHook('onSend', noStore)
}
