import { BODY_LIMITS } from '@site/service-kit'
import type { Config } from './config.js'

export interface UpstreamRoute {
  prefix: string
  upstream: string
  /** Uploads and LLM calls may take long; everything else gets the default timeout. */
  slow?: boolean
  /** Largest request body in bytes (BODY_LIMITS.default unless named): the same limit the service applies. */
  bodyLimit?: number
  /** The service's own 413 message for this route, when it has one (the upload routes). */
  tooLarge?: string
}

/** Which service answers which public path. Services serve their full public paths (no rewriting). */
export function upstreamRoutes(c: Config): UpstreamRoute[] {
  return [
    { prefix: '/api/auth', upstream: c.AUTH_URL },
    { prefix: '/api/content', upstream: c.CONTENT_URL },
    { prefix: '/api/features', upstream: c.CONTENT_URL },
    { prefix: '/api/pages', upstream: c.CONTENT_URL },
    { prefix: '/api/projects/upload', upstream: c.CONTENT_URL, slow: true, bodyLimit: BODY_LIMITS.upload, tooLarge: 'File size must be less than 10MB' },
    { prefix: '/api/projects', upstream: c.CONTENT_URL },
    { prefix: '/objects', upstream: c.CONTENT_URL },
    { prefix: '/api/blog/upload', upstream: c.BLOG_URL, slow: true, bodyLimit: BODY_LIMITS.upload, tooLarge: 'File must be smaller than 10MB.' },
    { prefix: '/api/blog/translate-title', upstream: c.BLOG_URL, slow: true },
    // Creating and updating a post (POST /api/blog, PUT /api/blog/{id}); the service holds its
    // other routes to the default limit itself.
    { prefix: '/api/blog', upstream: c.BLOG_URL, bodyLimit: BODY_LIMITS.blogPost },
    { prefix: '/api/admin/queues', upstream: c.BLOG_URL }, // Bull Board (services/blog/src/routes/queue-board.ts)
    { prefix: '/api/chat', upstream: c.CHAT_URL, slow: true },
    { prefix: '/api/contacts', upstream: c.CONTACT_URL },
  ]
}

/** Services whose readiness `/api/health` reports. */
export function services(c: Config): Record<string, string> {
  return { auth: c.AUTH_URL, content: c.CONTENT_URL, blog: c.BLOG_URL, chat: c.CHAT_URL, contact: c.CONTACT_URL, web: c.WEB_URL }
}
