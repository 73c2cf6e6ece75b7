import type { FastifyInstance } from 'fastify'
import { unauthorized } from './errors.js'
import { noStore } from './http-cache.js'

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
 *   parsed or validated (an anonymous caller learns nothing about the route's schema), and
 * - answers `Cache-Control: private, no-store` unless the route chose otherwise.
 * Identity comes only from the kit's session reader (`request.getAdmin()`), never from a header.
 */
export function adminOnly(scope: FastifyInstance, opts: AdminOnlyOptions = {}) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), admin: true }
  })
  scope.addHook('onRequest', async (request) => {
    if (!(await request.getAdmin())) throw unauthorized(opts.message ?? ADMIN_REQUIRED, opts.code)
  })
  scope.addHook('onSend', noStore)
}
