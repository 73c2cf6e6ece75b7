import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'

/**
 * The gateway's request budgets, per client address and per class, each shared by every route of
 * its class (one budget across the API, not one per route):
 * - read: GET/HEAD of the API and /objects, mostly cached public reads (a page view makes several);
 * - sensitive: logins, chat messages, the contact form and uploads, costly or abusable writes;
 * - write: every other state-changing request (the admin's edits).
 * The services keep their own finer limits (failed logins, messages per address per hour).
 */
export type RateClass = 'read' | 'write' | 'sensitive'

const SENSITIVE = [/^\/api\/auth\/login$/, /^\/api\/chat(\/|$)/, /^\/api\/contacts$/, /\/upload$/]

export function rateClass(request: FastifyRequest): RateClass {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return 'read'
  const path = request.url.split('?')[0]!
  return SENSITIVE.some((re) => re.test(path)) ? 'sensitive' : 'write'
}

export function budget(config: Config, cls: RateClass): number {
  if (cls === 'read') return config.RATE_LIMIT_READ_PER_MINUTE
  if (cls === 'sensitive') return config.RATE_LIMIT_SENSITIVE_PER_MINUTE
  return config.RATE_LIMIT_PER_MINUTE
}

/** Only the API and stored objects are budgeted; the web app's pages and assets are not. */
export const budgeted = (request: FastifyRequest) =>
  request.url.startsWith('/api/') || request.url.startsWith('/objects/')
