// @tier unit
// services.json is the one list of what runs. The YAML that deploys it (k8s/ as the prod overlay
// renders it, docker-compose.yml) and each process's own defaults stay YAML and code, so this test
// holds them to the registry: a port, database, worker or call written one way here and another
// there fails, naming the place.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { DEPLOYABLES, SERVICES, kustomize, registry, repoRoot, services, workers, type Obj } from './lib.js'

// The prod overlay: the base plus the network policies.
const k8s = kustomize(join(repoRoot, 'k8s/overlays/prod'))
const compose = (parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as Obj)
  .services as Record<string, Obj>

const find = (kind: string, name: string) => k8s.find((o) => o.kind === kind && o.metadata.name === name)
const containerOf = (name: string): Obj => find('Deployment', name)?.spec.template.spec.containers[0] ?? {}
/** A container's environment: the ConfigMaps it loads, then its own values. */
function k8sEnv(name: string): Record<string, string> {
  const c = containerOf(name)
  const env: Record<string, string> = {}
  for (const from of c.envFrom ?? []) Object.assign(env, find('ConfigMap', from.configMapRef?.name)?.data)
  for (const e of c.env ?? []) if ('value' in e) env[e.name] = e.value
  return env
}
const composeEnv = (name: string): Record<string, string> => compose[name]?.environment ?? {}
const httpPort = (name: string) => containerOf(name).ports?.find((p: Obj) => p.name === 'http')?.containerPort
const urlVar = (name: string) => `${name.toUpperCase()}_URL`
const configDefaults = async (file: string, exported: string): Promise<Record<string, unknown>> => {
  const props = (await import(join(repoRoot, file)))[exported] as Record<string, { default?: unknown }>
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.default]))
}

t.test('the same processes everywhere', async (t) => {
  const deployments = k8s.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name)
  t.same(
    deployments.sort(),
    [...DEPLOYABLES].sort(),
    'k8s has a Deployment for each process of services.json, and no other',
  )
  const built = Object.keys(compose).filter(
    (name) => compose[name]!.build && compose[name]!.profiles === undefined,
  )
  t.same(
    built.sort(),
    [...DEPLOYABLES].sort(),
    'docker-compose.yml runs each process of services.json, and no other of ours',
  )
})

for (const name of SERVICES) {
  const s = services[name]!
  t.test(`${name}: port ${s.port}, database ${s.database}`, async (t) => {
    const own = await configDefaults(`services/${name}/src/config.ts`, 'configProperties')
    t.equal(own.PORT, s.port, 'its config defaults to the port')
    t.equal(own.MONGO_DB, s.database, 'its config defaults to the database')

    t.equal(httpPort(name), s.port, 'k8s: container port')
    t.equal(
      find('Service', name)?.spec.ports.find((p: Obj) => p.name === 'http')?.port,
      s.port,
      'k8s: Service port',
    )
    t.equal(k8sEnv(name).PORT, String(s.port), 'k8s: PORT')
    t.equal(k8sEnv(name).MONGO_DB, s.database, 'k8s: MONGO_DB')
    t.equal(k8sEnv('gateway')[urlVar(name)], `http://${name}:${s.port}`, `k8s: the gateway's ${urlVar(name)}`)

    t.same(
      compose[name]?.build?.args,
      { WORKSPACE: `services/${name}`, PORT: String(s.port) },
      'compose: image built for its workspace and port',
    )
    t.equal(composeEnv(name).PORT, String(s.port), 'compose: PORT')
    t.equal(composeEnv(name).MONGO_DB, s.database, 'compose: MONGO_DB')
    t.match(
      compose[name]?.healthcheck?.test.join(' '),
      `127.0.0.1:${s.port}/readyz`,
      'compose: healthcheck on the port',
    )
    t.equal(
      composeEnv('gateway')[urlVar(name)],
      `http://${name}:${s.port}`,
      `compose: the gateway's ${urlVar(name)}`,
    )
  })
}

for (const w of workers) {
  t.test(`${w.name}: ${w.entry} of ${w.service}, port ${w.port}`, async (t) => {
    const s = services[w.service]!
    const own = await configDefaults(`services/${w.service}/src/config.ts`, 'workerConfigProperties')
    t.equal(own.WORKER_PORT, w.port, 'its config defaults to the port')
    t.equal(own.MONGO_DB, s.database, "its config defaults to its service's database")

    t.equal(containerOf(w.name).image, containerOf(w.service).image, "k8s: its service's image")
    t.same(containerOf(w.name).args, ['node', w.entry], 'k8s: runs its entry')
    t.equal(httpPort(w.name), w.port, 'k8s: container port')
    t.equal(k8sEnv(w.name).WORKER_PORT, String(w.port), 'k8s: WORKER_PORT')
    t.equal(k8sEnv(w.name).MONGO_DB, s.database, 'k8s: MONGO_DB')

    t.same(compose[w.name]?.build, compose[w.service]?.build, "compose: its service's image")
    t.same(compose[w.name]?.command, ['node', w.entry], 'compose: runs its entry')
    t.equal(composeEnv(w.name).WORKER_PORT, String(w.port), 'compose: WORKER_PORT')
    t.equal(composeEnv(w.name).MONGO_DB, s.database, 'compose: MONGO_DB')
  })
}

t.test('who calls whom: the URLs each caller is given', async (t) => {
  const callers = [
    ...SERVICES.map((name) => [name, services[name]!.calls ?? []] as const),
    ['web', registry.web.calls] as const,
  ]
  for (const [caller, calls] of callers) {
    for (const callee of calls) {
      const url = `http://${callee}:${services[callee]!.port}`
      t.equal(k8sEnv(caller)[urlVar(callee)], url, `k8s: ${caller}'s ${urlVar(callee)}`)
      t.equal(composeEnv(caller)[urlVar(callee)], url, `compose: ${caller}'s ${urlVar(callee)}`)
    }
  }
  // The web server's own defaults (local runs) point at the local ports.
  const { readConfig } = (await import(join(repoRoot, 'web/server/config.ts'))) as {
    readConfig: (env: object) => Obj
  }
  const web = readConfig({})
  t.same(
    [web.PORT, web.CONTENT_URL, web.BLOG_URL],
    [
      registry.web.port,
      `http://127.0.0.1:${services.content!.port}`,
      `http://127.0.0.1:${services.blog!.port}`,
    ],
    "web/server/config.ts's defaults",
  )
})

t.test('the web app and the gateway', async (t) => {
  t.equal(httpPort('web'), registry.web.port, 'k8s: web container port')
  t.equal(composeEnv('web').PORT, String(registry.web.port), 'compose: web PORT')
  t.equal(k8sEnv('gateway').WEB_URL, `http://web:${registry.web.port}`, "k8s: the gateway's WEB_URL")
  t.equal(composeEnv('gateway').WEB_URL, `http://web:${registry.web.port}`, "compose: the gateway's WEB_URL")

  t.equal(httpPort('gateway'), registry.gateway.port, 'k8s: gateway container port')
  t.equal(
    containerOf('gateway').ports.find((p: Obj) => p.name === 'metrics')?.containerPort,
    registry.gateway.metricsPort,
    'k8s: gateway metrics port',
  )
  t.same(
    compose.gateway?.build?.args,
    { WORKSPACE: 'gateway', PORT: String(registry.gateway.port) },
    'compose: gateway image built for its port',
  )
  t.equal(composeEnv('gateway').PORT, String(registry.gateway.port), 'compose: gateway PORT')

  // The network policy lets the gateway reach exactly the web app's and the services' ports.
  const egress = find('NetworkPolicy', 'gateway-egress')?.spec.egress[0].ports.map((p: Obj) => p.port)
  t.same(
    egress?.sort(),
    [registry.web.port, ...SERVICES.map((n) => services[n]!.port)].sort(),
    'k8s: gateway-egress ports',
  )
})
