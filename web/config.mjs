// The web server's configuration from the environment, checked at start (a bad value stops the
// server with a message naming it, exit code 78 like the services' config errors).
const DEFAULTS = {
  PORT: '3000',
  HOST: '0.0.0.0',
  CONTENT_URL: 'http://127.0.0.1:3002',
  BLOG_URL: 'http://127.0.0.1:3003',
  PUBLIC_ORIGIN: 'http://localhost:8080',
  SSR_UPSTREAM_TIMEOUT_MS: '5000',
  // At most the paging contract's largest page (50): each posts sitemap is one read of the blog service.
  SITEMAP_POSTS_PER_FILE: '50',
}

/** Every environment variable the web server reads (the manifests' tests check them against this). */
export const WEB_ENV_NAMES = [...Object.keys(DEFAULTS), 'LOG_LEVEL']

function httpUrl(name, value, errors) {
  try {
    const u = new URL(value)
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.href.replace(/\/$/, '')
  } catch {
    // reported below
  }
  errors.push(`${name} must be an http(s) URL (got "${value}")`)
  return ''
}

function integer(name, value, min, max, errors) {
  const n = Number(value)
  if (Number.isInteger(n) && n >= min && n <= max) return n
  errors.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`)
  return 0
}

/** @param {Record<string, string | undefined>} env */
export function readWebConfig(env = process.env) {
  const get = (k) => (env[k] === undefined || env[k] === '' ? DEFAULTS[k] : env[k])
  const errors = []
  // PUBLIC_ORIGIN may list several origins (the services accept each for CSRF); the first is the
  // site's canonical one, used for absolute URLs (canonical, Open Graph, sitemap, feeds).
  const origin = httpUrl('PUBLIC_ORIGIN', get('PUBLIC_ORIGIN').split(',')[0].trim(), errors)
  const config = {
    port: integer('PORT', get('PORT'), 0, 65535, errors),
    host: get('HOST'),
    contentUrl: httpUrl('CONTENT_URL', get('CONTENT_URL'), errors),
    blogUrl: httpUrl('BLOG_URL', get('BLOG_URL'), errors),
    origin: origin ? new URL(origin).origin : '',
    timeoutMs: integer('SSR_UPSTREAM_TIMEOUT_MS', get('SSR_UPSTREAM_TIMEOUT_MS'), 100, 60000, errors),
    sitemapPostsPerFile: integer('SITEMAP_POSTS_PER_FILE', get('SITEMAP_POSTS_PER_FILE'), 1, 50, errors),
    logLevel: env.LOG_LEVEL ?? 'info',
  }
  return { config, errors }
}
