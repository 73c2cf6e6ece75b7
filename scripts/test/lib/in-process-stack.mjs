// Every service from its build, in this process, on the real MongoDB and Redis with one Redis
// namespace (sessions are shared), and the gateway in front: what the role matrix and the team
// walk (issue 46) call over HTTP.
import { freePort, testEnv, TEST_ORIGIN } from '@site/service-kit/testing'
import { root } from '../../lib/infra.mjs'
import registry from '../../../services.json' with { type: 'json' }

export const SERVICES = Object.keys(registry.services)

/** Starts the stack; `extra[name]` adds environment to one service. Closes at the test's teardown. */
export async function startInProcessStack(t, name, extra = {}) {
  const shared = testEnv(name)
  const prefix = shared.QUEUE_PREFIX
  const apps = {}
  const envs = {}
  for (const service of SERVICES) {
    const { buildApp } = await import(`${root}/services/${service}/dist/app.js`)
    const { readConfig } = await import(`${root}/services/${service}/dist/config.js`)
    envs[service] = testEnv(`${name}_${service}`, { QUEUE_PREFIX: prefix, ...(extra[service] ?? {}) })
    const app = await buildApp(readConfig(envs[service]))
    await app.listen({ port: 0, host: '127.0.0.1' })
    apps[service] = app
  }
  t.teardown(async () => {
    for (const app of Object.values(apps)) {
      await app.db?.dropDatabase?.().catch(() => undefined)
      await app.close()
    }
  })
  const { buildApp } = await import(`${root}/gateway/dist/app.js`)
  const { readConfig } = await import(`${root}/gateway/dist/config.js`)
  const gwEnv = {
    ...testEnv(`${name}_gw`, { QUEUE_PREFIX: prefix }),
    WEB_URL: `http://127.0.0.1:${await freePort()}`,
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
  }
  for (const service of SERVICES)
    gwEnv[`${service.toUpperCase()}_URL`] = `http://127.0.0.1:${apps[service].server.address().port}`
  const gw = await buildApp(readConfig(gwEnv))
  await gw.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => gw.close())
  return { apps, envs, shared, prefix, gateway: `http://127.0.0.1:${gw.server.address().port}` }
}

/** A browser-like client of the gateway: keeps its cookies, sends what the web client sends. */
export function client(gateway) {
  const jar = new Map()
  const c = {
    jar,
    async call(method, path, body) {
      const res = await fetch(`${gateway}${path}`, {
        method,
        headers: {
          origin: TEST_ORIGIN,
          'x-requested-with': 'XMLHttpRequest',
          ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        redirect: 'manual',
      })
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(';')
        const i = pair.indexOf('=')
        const key = pair.slice(0, i).trim()
        const value = pair.slice(i + 1).trim()
        const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === ''
        if (expired) jar.delete(key)
        else jar.set(key, value)
      }
      const text = await res.text()
      let json
      try {
        json = text ? JSON.parse(text) : null
      } catch {
        json = null
      }
      return { status: res.status, body: json, text }
    },
  }
  return c
}
