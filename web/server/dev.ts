// The web server of `npm run dev` (scripts/dev.mjs runs it with tsx watch, which restarts it on a
// change to web/server/): the production server's routes, with Vite's dev server in front (the
// browser's modules with hot module replacement) and the public pages rendered by the app's server
// renderer that Vite loads from source on each request (dev/renderer.ts). The HMR WebSocket has a
// port of its own (VITE_HMR_PORT): the gateway proxies HTTP only.
import { createService, runService } from '@site/service-kit'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createServer as createVite, defaultClientConditions, defaultServerConditions } from 'vite'
import { readConfig } from './config'
import renderer from './dev/renderer'
import { PREAMBLE_PATH, preambleSource } from './dev/preamble'
import pages from './routes/pages'
import seo from './routes/seo'

const web = fileURLToPath(new URL('../', import.meta.url))
const VITE_PATH = /^\/(@|src\/|node_modules\/)|\.[a-z0-9]{2,5}$/i
const pkg = JSON.parse(readFileSync(`${web}package.json`, 'utf8')) as {
  devDependencies: Record<string, string>
}
const bundled = Object.keys(pkg.devDependencies).filter((name) =>
  /^(@radix-ui\/|react-router|zustand$|axios$|lucide-react$)/.test(name),
)
const hmrPort = Number(process.env.VITE_HMR_PORT ?? 24678)

await runService(async () => {
  const config = readConfig()
  const vite = await createVite({
    root: web,
    configFile: `${web}vite.config.ts`,
    // Imported as it is (this process runs under tsx), not bundled to a temporary file: tsx watch
    // would take that file for a dependency and restart the server when Vite deletes it.
    configLoader: 'native',
    appType: 'custom',
    // The contracts from their TypeScript source (package.json "exports": "site-source"), as the
    // services in development: a change to them reaches the pages without a build.
    resolve: { conditions: ['site-source', ...defaultClientConditions] },
    // The app's packages that import React are bundled once by Vite's SSR optimizer, with the
    // CommonJS they use (Vite's module runner evaluates ES modules only), against web/'s React 19,
    // which itself stays external: one React for the renderer and the app (the build bundles them
    // for the same reason, vite.config.ts).
    ssr: {
      resolve: { conditions: ['site-source', ...defaultServerConditions] },
      optimizeDeps: {
        include: bundled,
        exclude: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/server'],
      },
    },
    server: {
      middlewareMode: true,
      ws: { port: hmrPort, clientPort: hmrPort },
      // Vite's own deny list and the site's data (issue 45): .data/dev holds the session secret,
      // and Vite serves any file of the repository under /@fs/ otherwise.
      fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**'] },
    },
    logLevel: 'warn',
  })
  const app = await createService({
    name: 'web',
    config,
    openapi: false,
    routes: async (app) => {
      // Vite's own paths and the files (public/, the app's modules) go to its middleware; the
      // sitemaps, robots, feeds and pages to the routes, as in production.
      app.addHook('onRequest', async (request, reply) => {
        const path = request.url.split('?')[0]!
        if (path === PREAMBLE_PATH || !VITE_PATH.test(path) || /\.(xml|txt)$/.test(path)) return
        reply.hijack()
        vite.middlewares(request.raw, reply.raw, () => {
          reply.raw.statusCode = 404
          reply.raw.end('Not found')
        })
      })
      app.get(PREAMBLE_PATH, async (_request, reply) =>
        reply.type('text/javascript').header('cache-control', 'no-store').send(preambleSource()),
      )
      await app.register(renderer, { config, vite, indexHtml: `${web}index.html` })
      await app.register(seo)
      await app.register(pages, { config })
    },
  })
  app.addHook('onClose', async () => vite.close())
  return { app, port: config.PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS }
})
