// The web server's configuration: the kit's base settings (HOST, LOG_LEVEL, TRUST_PROXY, timeouts,
// SHUTDOWN_TIMEOUT_MS) and the web's own, validated once at boot (a bad value stops the process
// with a readable line, exit code 78, as every service).
import { Type, baseConfigProperties, loadConfig } from '@site/service-kit'
import registry from '../../services.json' with { type: 'json' }

const local = (name: 'content' | 'blog') => `http://127.0.0.1:${registry.services[name].port}`
const url = (fallback: string, description: string) =>
  Type.String({ default: fallback, pattern: '^https?://[^\\s]+$', description })

export const configProperties = {
  ...baseConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: registry.web.port }),
  CONTENT_URL: url(local('content'), 'content service base URL (site content, features, projects, pages)'),
  BLOG_URL: url(local('blog'), 'blog service base URL (post lists, posts)'),
  /** The first origin is the site's: absolute URLs of canonical links, Open Graph, sitemaps, feeds. */
  PUBLIC_ORIGIN: Type.String({
    default: 'http://localhost:8080',
    pattern: '^\\s*https?://[^\\s,]+',
    description: 'the site origin(s), comma separated; the first is used in absolute URLs',
  }),
  /** The longest wait for one service read before the page answers 503. */
  SSR_UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60000, default: 5000 }),
  /**
   * Pages in progress at once (loading, waiting for their render, rendering: renders run one at a
   * time). One more is answered 503 with Retry-After at once, instead of queueing behind them.
   */
  PAGE_QUEUE_MAX: Type.Integer({ minimum: 1, maximum: 10000, default: 64 }),
  /** Published posts per /sitemap-posts-N.xml: at most the paging contract's largest page, one read a file. */
  SITEMAP_POSTS_PER_FILE: Type.Integer({ minimum: 1, maximum: 50, default: 50 }),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configProperties, env)

/** The site's origin: the first of PUBLIC_ORIGIN, without a path. */
export const siteOrigin = (c: Config): string => new URL(c.PUBLIC_ORIGIN.split(',')[0]!.trim()).origin
