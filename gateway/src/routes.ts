import type { Config } from './config.js'

export interface UpstreamRoute {
  prefix: string
  upstream: string
  /** Uploads and LLM calls may take long; everything else gets the default timeout. */
  slow?: boolean
}

/** Which service answers which public path. Services serve their full public paths (no rewriting). */
export function upstreamRoutes(c: Config): UpstreamRoute[] {
  return [
    { prefix: '/api/auth', upstream: c.AUTH_URL },
    { prefix: '/api/content', upstream: c.CONTENT_URL },
    { prefix: '/api/features', upstream: c.CONTENT_URL },
    { prefix: '/api/pages', upstream: c.CONTENT_URL },
    { prefix: '/api/projects/upload', upstream: c.CONTENT_URL, slow: true },
    { prefix: '/api/projects', upstream: c.CONTENT_URL },
    { prefix: '/objects', upstream: c.CONTENT_URL },
    { prefix: '/api/blog/upload', upstream: c.BLOG_URL, slow: true },
    { prefix: '/api/blog/translate-title', upstream: c.BLOG_URL, slow: true },
    { prefix: '/api/blog', upstream: c.BLOG_URL },
    { prefix: '/api/admin/queues', upstream: c.BLOG_URL }, // Bull Board (services/blog/src/routes/queue-board.ts)
    { prefix: '/api/chat', upstream: c.CHAT_URL, slow: true },
    { prefix: '/api/contacts', upstream: c.CONTACT_URL },
  ]
}

/** Services whose readiness `/api/health` reports. */
export function services(c: Config): Record<string, string> {
  return { auth: c.AUTH_URL, content: c.CONTENT_URL, blog: c.BLOG_URL, chat: c.CHAT_URL, contact: c.CONTACT_URL, web: c.WEB_URL }
}
