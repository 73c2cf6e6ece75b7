import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'

/**
 * The gateway's request budgets, per client address and per class, each shared by every route of
 * its class (one budget across the API, not one per route):
 * - read: GET/HEAD of the API and /objects, mostly cached public reads (a page view makes several);
 * - sensitive: logins (and their second step), two-factor sign-in changes, invitation and password
 *   reset links, chat messages, the contact form and uploads: costly or abusable writes;
 * - write: every other state-changing request (the admin's edits).
 * The services keep their own finer limits (failed logins, messages per address per hour).
 *
 * The class is chosen from the route the router matched, never from the raw URL: the router
 * decodes the path (`/api/auth/%6cogin` is `/api/auth/login`), as the service behind it will, so
 * whatever reaches a route is counted as that route. Each sensitive path is a proxied route of
 * its own (routes.ts) for that reason.
 */
export type RateClass = 'read' | 'write' | 'sensitive'

/** Routes (as registered: the proxy adds `<prefix>/*` beneath each prefix) whose writes are sensitive. */
const SENSITIVE_ROUTES = new Set([
  '/api/auth/login',
  '/api/auth/login/*',
  '/api/auth/2fa',
  '/api/auth/2fa/*',
  '/api/auth/invites',
  '/api/auth/invites/*',
  '/api/auth/password-reset',
  '/api/auth/password-reset/*',
  '/api/chat',
  '/api/chat/*',
  '/api/contacts',
  '/api/blog/upload',
  '/api/projects/upload',
  '/api/media',
])

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? ''

export function rateClass(request: FastifyRequest): RateClass {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return 'read'
  return SENSITIVE_ROUTES.has(routeOf(request)) ? 'sensitive' : 'write'
}

export function budget(config: Config, cls: RateClass): number {
  if (cls === 'read') return config.RATE_LIMIT_READ_PER_MINUTE
  if (cls === 'sensitive') return config.RATE_LIMIT_SENSITIVE_PER_MINUTE
  return config.RATE_LIMIT_PER_MINUTE
}

/** Only the API and stored objects are budgeted (by the route matched); the web app's pages and assets are not. */
export function budgeted(request: FastifyRequest): boolean {
  // The shared cache's own background fetch (plugins/shared-cache-lookup.ts) is no client's.
  if (request.edge?.refresh) return false
  const route = routeOf(request)
  return route.startsWith('/api/') || route === '/objects' || route.startsWith('/objects/')
}
