import { BODY_LIMITS } from '@site/service-kit'
import registry from '../../services.json' with { type: 'json' }
import { serviceUrl, type Config, type ServiceName } from './config.js'

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

/** Paths whose timeout or body limit differ from the default, each beneath a prefix of its service. */
const SPECIAL_ROUTES: Omit<UpstreamRoute, 'upstream'>[] = [
  {
    prefix: '/api/projects/upload',
    slow: true,
    bodyLimit: BODY_LIMITS.upload,
    tooLarge: 'File size must be less than 10MB',
  },
  {
    prefix: '/api/media',
    slow: true,
    bodyLimit: BODY_LIMITS.upload,
    tooLarge: 'File size must be less than 10MB',
  },
  {
    prefix: '/api/blog/upload',
    slow: true,
    bodyLimit: BODY_LIMITS.upload,
    tooLarge: 'File must be smaller than 10MB.',
  },
  { prefix: '/api/blog/translate-title', slow: true },
  // A post's language translated by machine (issue 47): the model may take a minute.
  { prefix: '/api/blog/translate', slow: true },
  // An agency's XLIFF file (up to 10 MB, like an upload) and its import, written post by post.
  {
    prefix: '/api/translations/xliff',
    slow: true,
    bodyLimit: BODY_LIMITS.upload,
    tooLarge: 'File must be smaller than 10MB.',
  },
  // Routes of their own so the gateway's rate class can name them (plugins/rate-classes.ts): the
  // login and its second step, two-factor sign-in, invitations and password resets.
  { prefix: '/api/auth/login' },
  { prefix: '/api/auth/2fa' },
  { prefix: '/api/auth/invites' },
  { prefix: '/api/auth/password-reset' },
  // Creating and updating a post (POST /api/blog, PUT /api/blog/{id}); the service holds its
  // other routes to the default limit itself.
  { prefix: '/api/blog', bodyLimit: BODY_LIMITS.blogPost },
  { prefix: '/api/chat', slow: true },
]

/**
 * Paths a service serves to the other services only, never through the gateway: it answers them
 * 404 like an unknown API path and leaves them out of the public API document. The chat's indexer
 * reads /api/blog/changes from BLOG_URL; each call is up to 50 whole posts and a count, uncached,
 * too costly to offer to the internet at the read budget (issue 29).
 */
export const INTERNAL_PATHS = ['/api/blog/changes']

const names = Object.keys(registry.services) as ServiceName[]
const beneath = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

/** The service that owns a path: the one with the longest prefix above it in services.json. */
function owner(path: string): ServiceName {
  const owners = names.flatMap((name) =>
    registry.services[name].prefixes.filter((p) => beneath(path, p)).map((p) => ({ name, p })),
  )
  const found = owners.sort((a, b) => b.p.length - a.p.length)[0]
  if (!found) throw new Error(`no service in services.json owns ${path}`)
  return found.name
}

/**
 * Which service answers which public path: every prefix of every service in services.json, plus
 * the special routes. Services serve their full public paths (no rewriting).
 */
export function upstreamRoutes(c: Config): UpstreamRoute[] {
  const prefixes = names.flatMap((name) => registry.services[name].prefixes)
  const special = (prefix: string) => SPECIAL_ROUTES.find((r) => r.prefix === prefix)
  return [...new Set([...prefixes, ...SPECIAL_ROUTES.map((r) => r.prefix)])].map((prefix) => ({
    ...special(prefix),
    prefix,
    upstream: serviceUrl(c, owner(prefix)),
  }))
}

/** Services whose readiness `/api/health` reports. */
export function services(c: Config): Record<string, string> {
  return { ...Object.fromEntries(names.map((name) => [name, serviceUrl(c, name)])), web: c.WEB_URL }
}
