// @tier stack
/* global window, document -- page.evaluate and addInitScript bodies run in the browser */
// The API reference: the services run in-process from their builds on the
// real MongoDB and Redis, the gateway in front of them. Every route each service registered (and
// does not hide) is in the gateway's merged /api/openapi.json; a service that is down leaves the
// rest served; docs/api.md's generated part equals what the document renders to; and /api/docs
// renders in Chromium under the site's CSP with no violation.
import t from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { freePort, testEnv } from '@site/service-kit/testing'
import { root } from '../lib/infra.mjs'
import registry from '../../services.json' with { type: 'json' }
import { renderApiTables, replaceGenerated } from '../lib/api-doc.mjs'
import { collectPageErrors, launchBrowser } from '../../web/test/helpers/browser.js'

const SERVICES = Object.keys(registry.services)
const URL_VAR = Object.fromEntries(SERVICES.map((name) => [name, `${name.toUpperCase()}_URL`]))

const apps = {}
for (const name of SERVICES) {
  const { buildApp } = await import(`${root}/services/${name}/dist/app.js`)
  const { readConfig } = await import(`${root}/services/${name}/dist/config.js`)
  const app = await buildApp(readConfig(testEnv(`apiref_${name}`)))
  await app.listen({ port: 0, host: '127.0.0.1' })
  apps[name] = app
}
t.teardown(async () => {
  for (const app of Object.values(apps)) await app.close()
})
const upstream = (name) => `http://127.0.0.1:${apps[name].server.address().port}`

async function startGateway(urls) {
  const { buildApp } = await import(`${root}/gateway/dist/app.js`)
  const { readConfig } = await import(`${root}/gateway/dist/config.js`)
  const dead = `http://127.0.0.1:${await freePort()}`
  const env = { ...testEnv('apiref_gw'), WEB_URL: dead }
  for (const name of SERVICES) env[URL_VAR[name]] = urls[name] ?? dead
  const gw = await buildApp(readConfig(env))
  await gw.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => gw.close())
  return `http://127.0.0.1:${gw.server.address().port}`
}
const { INTERNAL_PATHS } = await import(`${root}/gateway/dist/routes.js`)
const gateway = await startGateway(Object.fromEntries(SERVICES.map((n) => [n, upstream(n)])))
const merged = await (await fetch(`${gateway}/api/openapi.json`)).json()

/** A Fastify route path as @fastify/swagger writes it: `:id` → `{id}`. */
const openApiPath = (url) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')

t.test('every public route of every service is in the merged document, under its service', async (t) => {
  t.same(merged['x-unavailable-services'], [])
  for (const path of INTERNAL_PATHS) t.notOk(merged.paths[path], `${path} is served to the services only`)
  for (const name of SERVICES) {
    const routes = apps[name].routeList.filter(
      (r) => !r.hidden && r.method !== 'HEAD' && !INTERNAL_PATHS.includes(r.url),
    )
    t.ok(routes.length > 2, `${name} has routes`)
    for (const r of routes) {
      const op = merged.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]
      t.ok(op, `${name}: ${r.method} ${r.url}`)
      if (op) t.equal(op['x-service'], name, `${r.method} ${r.url} is tagged ${name}`)
    }
  }
  t.ok(merged.paths['/api/health']?.get, "the gateway's own /api/health")
  const gatewayPaths = Object.values(merged.paths).flatMap((item) =>
    Object.values(item).filter((op) => op['x-service'] === 'gateway'),
  )
  t.equal(gatewayPaths.length, 1, "the gateway adds only its own route, not its proxies' catch-alls")
  for (const path of Object.keys(merged.paths))
    t.notMatch(path, /^\/(metrics|livez|readyz|openapi\.json)$/, `no internal path (${path})`)
  // Components were renamed per service; every reference resolves.
  for (const ref of JSON.stringify(merged).matchAll(/"#\/components\/(\w+)\/([^"]+)"/g)) {
    t.ok(merged.components?.[ref[1]]?.[ref[2]], `reference ${ref[1]}/${ref[2]} resolves`)
  }
})

t.test('a service that is down: the others are still described, the missing one named', async (t) => {
  const partial = await startGateway(
    Object.fromEntries(SERVICES.filter((n) => n !== 'chat').map((n) => [n, upstream(n)])),
  )
  const res = await fetch(`${partial}/api/openapi.json`)
  t.equal(res.status, 200)
  const doc = await res.json()
  t.same(doc['x-unavailable-services'], ['chat'])
  t.match(doc.info.description, /did not answer\): chat/)
  t.notOk(doc.paths['/api/chat'], 'no chat paths')
  t.ok(doc.paths['/api/auth/login']?.post, 'auth still there')
})

t.test('docs/api.md: its generated part is the merged document', async (t) => {
  const file = `${root}/docs/api.md`
  const text = readFileSync(file, 'utf8')
  const expected = replaceGenerated(text, renderApiTables(merged))
  if (process.env.UPDATE_API_DOC === '1' && expected !== text) writeFileSync(file, expected)
  else
    t.equal(
      text,
      expected,
      'docs/api.md is current (UPDATE_API_DOC=1 npm test -- scripts/test/api-reference.test.mjs rewrites it)',
    )
})

t.test('/api/docs renders in Chromium under the CSP, from this server only', async (t) => {
  const browser = await launchBrowser({ baseURL: gateway })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  const foreign = []
  page.on('request', (req) => {
    if (!req.url().startsWith(gateway) && !req.url().startsWith('data:')) foreign.push(req.url())
  })
  await page.addInitScript(() => {
    window.cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  const res = await page.goto('/api/docs')
  t.equal(res.status(), 200)
  t.match(
    res.headers()['content-security-policy'],
    /script-src 'self'( 'sha256-[\w+/=]+')?(;|$)/,
    "the site's CSP, unrelaxed (the pages' boot script by its hash)",
  )
  await page.getByText('Site API', { exact: false }).first().waitFor()
  // swagger-ui breaks paths with zero-width spaces; data-path holds the path as written.
  const login = page.locator('.opblock-post:has(.opblock-summary-path[data-path="/api/auth/login"])')
  // swagger-ui renders the operations as they scroll into view (with ~150 operations, the login is
  // below the first screen): scroll down a little at a time until it is there.
  for (let i = 0; i < 60 && (await login.count()) === 0; i++) {
    await page.mouse.wheel(0, 300)
    await page.waitForTimeout(100)
  }
  await login.waitFor()
  t.ok((await page.locator('.opblock').count()) > 20, 'the operations are listed')
  await login.locator('.opblock-summary').click()
  await login.locator('.opblock-body').waitFor()
  t.pass('an operation opens')
  if (process.env.ADMIN_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/api-docs.png` })
  t.same(await page.evaluate(() => window.cspViolations), [], 'no CSP violations')
  t.same(errors, [], 'no page or console errors')
  t.same(foreign, [], 'nothing loaded from elsewhere')
})
