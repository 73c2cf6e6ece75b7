// @tier services
// One admin boundary for every service. Walks every route of every service's app (the
// kit lists them in `app.routeList`): each route that is not on the short list of public routes
// below must be registered through the kit's `adminOnly` and answer an anonymous caller 401, before
// its body is parsed or validated (a broken or empty JSON body still gets 401, never a 400 that
// describes the route's schema). A new route is covered automatically: it is either listed here as
// public, on purpose, or it must be admin-only.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { testEnv } from '@site/service-kit/testing'
import type { RouteInfo } from '@site/service-kit'
import registry from '../services.json' with { type: 'json' }

const SERVICES = Object.keys(registry.services) as (keyof typeof registry.services)[]

/** Routes any visitor may call. Everything else must be admin-only. */
const KIT_PUBLIC = ['GET /openapi.json', 'GET /livez', 'GET /readyz', 'GET /metrics']
const PUBLIC: Record<(typeof SERVICES)[number], string[]> = {
  auth: [
    'GET /api/auth/health',
    'GET /api/auth/ping',
    'GET /api/auth/security-info',
    'POST /api/auth/login',
    'POST /api/auth/logout',
    // The team (issue 46): the second step of a sign-in, and the links of the team's mails.
    'POST /api/auth/login/2fa',
    // A sign-in whose role requires 2FA sets it up first (the pending sign-in's cookie, no session).
    'POST /api/auth/login/2fa/setup',
    'POST /api/auth/login/2fa/enable',
    'GET /api/auth/invites/:token',
    'POST /api/auth/invites/:token/accept',
    'POST /api/auth/password-reset',
    'POST /api/auth/password-reset/:token',
  ],
  content: [
    'GET /api/content/health',
    'GET /api/content/ping',
    'GET /api/content',
    'GET /api/features',
    'GET /api/pages',
    'GET /api/pages/slug/:slug',
    'GET /api/pages/preview/:token',
    'GET /api/pages/redirects/:slug',
    'GET /api/projects',
    'GET /objects/*',
    'GET /api/content/images',
  ],
  blog: [
    'GET /api/blog/health',
    'GET /api/blog/ping',
    'GET /api/blog',
    'GET /api/blog/slug/:slug',
    'GET /api/blog/preview/:token',
    'GET /api/blog/redirects/:slug',
    'GET /api/blog/changes',
    'GET /api/blog/images/:name',
    // Sizes and widths of the blog's stored images for public pages (as /api/content/images).
    'GET /api/blog/images',
  ],
  chat: [
    'GET /api/chat/health',
    'GET /api/chat/ping',
    'POST /api/chat',
    'GET /api/chat/status',
    'POST /api/chat/feedback',
  ],
  contact: [
    'GET /api/contacts/health',
    'GET /api/contacts/ping',
    'POST /api/contacts',
    'GET /api/contacts/challenge',
  ],
}

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '0123456789abcdef01234567').replace('*', 'x')
const withBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method)

async function build(name: string): Promise<FastifyInstance> {
  const { buildApp } = await import(`../services/${name}/src/app.ts`)
  const { readConfig } = await import(`../services/${name}/src/config.ts`)
  const app: FastifyInstance = await buildApp(readConfig(testEnv(`boundary_${name}`)))
  await app.ready()
  return app
}

for (const name of SERVICES) {
  t.test(
    `${name}: every non-public route is admin-only and answers 401 before reading the body`,
    async (t) => {
      const app = await build(name)
      t.teardown(async () => {
        await app.db?.dropDatabase().catch(() => undefined)
        await app.close()
      })
      const routes = app.routeList.filter((r: RouteInfo) => r.method !== 'HEAD')
      const publicRoutes = new Set([...KIT_PUBLIC, ...PUBLIC[name]])
      for (const known of publicRoutes)
        t.ok(
          routes.some((r) => `${r.method} ${r.url}` === known),
          `public route ${known} exists (keep this list true)`,
        )

      const admin = routes.filter((r) => !publicRoutes.has(`${r.method} ${r.url}`))
      for (const r of routes.filter((r) => publicRoutes.has(`${r.method} ${r.url}`)))
        t.notOk(r.admin, `${r.method} ${r.url} is public`)
      t.ok(admin.length > 0, 'the service has admin routes')
      for (const r of admin) {
        const what = `${r.method} ${r.url}`
        t.ok(r.admin, `${what} is registered through the kit's adminOnly`)
        const bodies: (string | undefined)[] = withBody(r.method)
          ? ['{"title_nl":', '{}', '{"$set":{"x":1}}']
          : [undefined]
        for (const payload of bodies) {
          const res = await app.inject({
            method: r.method as 'GET',
            url: concrete(r.url),
            headers: {
              'x-requested-with': 'XMLHttpRequest',
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload }),
          })
          t.equal(res.statusCode, 401, `${what} anonymous${payload ? ` with ${payload}` : ''} → 401`)
          t.equal(res.headers['cache-control'], 'private, no-store', `${what}: the 401 is not cached`)
        }
        if (r.method === 'POST' && /upload|media/.test(r.url)) {
          const res = await app.inject({
            method: 'POST',
            url: r.url,
            headers: { 'content-type': 'multipart/form-data' },
            payload: 'broken',
          })
          t.equal(res.statusCode, 401, `${what} anonymous with a broken multipart body → 401`)
        }
      }
    },
  )
}
