import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifySchema } from 'fastify'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { errorBody } from '@site/service-kit'
import type { Config } from '../config.js'
import { INTERNAL_PATHS, services, upstreamRoutes } from '../routes.js'
import { mergeOpenApi, type OpenApiDoc } from '../openapi/merge.js'

/** How long a merged document is served before the services are asked again. */
const CACHE_MS = 30_000
/** A service that did not answer is asked again on the next request after this long. */
const RETRY_MS = 5_000
const FETCH_TIMEOUT_MS = 3_000
// Not in the document itself (@fastify/swagger, registered by the kit, reads `hide`).
const hidden = { hide: true } as FastifySchema

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

// The reference page: swagger-ui's own files from this server (no CDN), started by a script file
// of ours, so the site's CSP (script-src 'self') holds without exceptions.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Site API reference</title>
    <link rel="stylesheet" href="/api/docs/static/swagger-ui.css">
    <link rel="icon" type="image/png" href="/api/docs/static/favicon-32x32.png">
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/static/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`
// validatorUrl null: swagger-ui would otherwise send the document to a public validator.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
})
`

/**
 * `/api/openapi.json`: one OpenAPI document merged from every service's `/openapi.json` (and the
 * gateway's own routes), cached; a service that does not answer is left out (named in
 * `x-unavailable-services`) or served from its last good copy. `/api/docs`: swagger-ui on it.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const sources = Object.entries(services(config)).filter(([name]) => name !== 'web')
    const lastGood = new Map<string, OpenApiDoc>()
    let cached: { doc: OpenApiDoc; until: number } | null = null
    let pending: Promise<OpenApiDoc> | null = null

    async function fetchDoc(base: string): Promise<OpenApiDoc | null> {
      try {
        const res = await fetch(new URL('/openapi.json', base), {
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        })
        return res.ok ? ((await res.json()) as OpenApiDoc) : null
      } catch {
        return null
      }
    }

    const proxied = upstreamRoutes(config).map((r) => r.prefix)
    /** The gateway's own routes (/api/health), without the proxies' catch-all routes. */
    function ownDoc(): OpenApiDoc {
      const doc = (app as unknown as { swagger: () => OpenApiDoc }).swagger()
      const own = (p: string) =>
        p.startsWith('/api/') &&
        !p.includes('*') &&
        !proxied.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))
      return { ...doc, paths: Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([p]) => own(p))) }
    }

    async function build(): Promise<OpenApiDoc> {
      const fetched = await Promise.all(
        sources.map(async ([name, base]) => {
          const doc = await fetchDoc(base)
          if (doc) lastGood.set(name, doc)
          return [name, doc ?? lastGood.get(name) ?? null] as [string, OpenApiDoc | null]
        }),
      )
      const docs: [string, OpenApiDoc | null][] = [['gateway', ownDoc()], ...fetched]
      const doc = mergeOpenApi({ docs, version: '1.0.0', omit: INTERNAL_PATHS })
      const complete = (doc['x-unavailable-services'] as string[]).length === 0
      cached = { doc, until: Date.now() + (complete ? CACHE_MS : RETRY_MS) }
      return doc
    }

    app.get('/api/openapi.json', { schema: hidden, logLevel: 'warn' }, async (_request, reply) => {
      let doc = cached && cached.until > Date.now() ? cached.doc : null
      if (!doc) {
        pending ??= build().finally(() => (pending = null))
        doc = await pending
      }
      if (Object.keys(doc.paths).length === 0)
        return reply.code(503).send(errorBody(503, 'The API description is unavailable right now.'))
      return reply.header('cache-control', 'public, max-age=30').send(doc)
    })

    app.get('/api/docs', { schema: hidden }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(PAGE),
    )
    app.get('/api/docs/init.js', { schema: hidden }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(INIT),
    )
    await app.register(fastifyStatic, {
      root: swaggerUiDir,
      prefix: '/api/docs/static/',
      decorateReply: false,
      index: false,
      schemaHide: true,
      // Only what the page loads: not the package's demo index or its source maps.
      allowedPath: (path) => /^\/(swagger-ui\.css|swagger-ui-bundle\.js|favicon-32x32\.png)$/.test(path),
      maxAge: '1d',
    })
  },
  { name: 'gateway-api-docs' },
)
