// @tier unit
// Renders every overlay with every combination of the optional components (kubectl kustomize,
// offline), validates each object against the Kubernetes schemas, and checks what a cluster
// would reject or an operator would regret: probes, resources, security, selectors, ports,
// references, drain times and the environment each process actually reads.
import t, { type Test } from 'tap'
import { QUEUES } from '@site/contracts'
import { QUEUE_METRICS } from '@site/service-kit/queues'
import {
  COMPONENTS,
  DEPLOYABLES,
  OVERLAYS,
  WORKERS,
  workers,
  combinations,
  drainMs,
  envSpec,
  renderCombination,
  schemaProblem,
  unknownFieldProblems,
  type Obj,
} from './lib.js'

/** Workloads running our Node images (the in-cluster-data component's databases are not ours). */
const OUR_WORKLOADS = [...DEPLOYABLES, 'admin-seed']
/** Secrets the prod overlay expects the operator to create (docs/operations.md). */
const EXTERNAL_SECRETS: Record<string, string[]> = { dev: [], prod: ['site-secrets', 'site-admin-seed'] }
const PRE_STOP_SECONDS = 5

const byKind = (objs: Obj[], kind: string) => objs.filter((o) => o.kind === kind)
const find = (objs: Obj[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && o.metadata.name === name)
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v)
const podSpecOf = (o: Obj): Obj | undefined =>
  o.kind === 'CronJob' ? o.spec.jobTemplate.spec.template.spec : o.spec?.template?.spec
const workloads = (objs: Obj[]) =>
  objs.filter((o) => ['Deployment', 'StatefulSet', 'Job', 'CronJob'].includes(o.kind))

/** The environment a container gets: its env values plus every key of the ConfigMaps it loads. */
function effectiveEnv(objs: Obj[], c: Obj): Map<string, string | null> {
  const env = new Map<string, string | null>()
  for (const from of c.envFrom ?? []) {
    const cm = find(objs, 'ConfigMap', from.configMapRef?.name)
    for (const [k, v] of Object.entries(cm?.data ?? {})) env.set(k, v as string)
  }
  for (const e of c.env ?? []) env.set(e.name, e.value ?? null)
  return env
}

function checkWorkload(t: Tap, objs: Obj[], overlay: string, w: Obj) {
  const name = w.metadata.name
  const pod = podSpecOf(w)!
  t.equal(pod.securityContext?.runAsNonRoot, true, `${name}: pod runAsNonRoot`)
  t.equal(pod.securityContext?.seccompProfile?.type, 'RuntimeDefault', `${name}: seccomp RuntimeDefault`)
  t.equal(pod.automountServiceAccountToken, false, `${name}: no service account token mounted`)
  t.ok(find(objs, 'ServiceAccount', pod.serviceAccountName), `${name}: its ServiceAccount exists`)
  for (const c of pod.containers) {
    const sc = c.securityContext ?? {}
    t.equal(sc.allowPrivilegeEscalation, false, `${name}/${c.name}: no privilege escalation`)
    t.equal(sc.readOnlyRootFilesystem, true, `${name}/${c.name}: read-only root filesystem`)
    t.ok(sc.capabilities?.drop?.includes('ALL'), `${name}/${c.name}: capabilities dropped`)
    for (const kind of ['requests', 'limits']) {
      t.ok(
        c.resources?.[kind]?.cpu && c.resources?.[kind]?.memory,
        `${name}/${c.name}: cpu and memory ${kind}`,
      )
    }
    if (OUR_WORKLOADS.includes(name)) {
      // The image's entry point (scripts/docker/node-heap.sh) sizes the heap from this.
      const mem = (c.env ?? []).find((e: Obj) => e.name === 'MEMORY_LIMIT_MB')?.valueFrom?.resourceFieldRef
      t.same(
        mem,
        { resource: 'limits.memory', divisor: '1Mi' },
        `${name}/${c.name}: MEMORY_LIMIT_MB from its memory limit`,
      )
    }
    t.match(c.image, /:[\w.-]+$/, `${name}/${c.name}: image has an explicit tag`)
    if (overlay === 'prod')
      t.notMatch(c.image, /:(latest|dev)$/, `${name}/${c.name}: prod image pinned to a release`)
    for (const m of c.volumeMounts ?? []) {
      t.ok(
        (pod.volumes ?? []).some((v: Obj) => v.name === m.name) ||
          (w.spec.volumeClaimTemplates ?? []).some((v: Obj) => v.metadata.name === m.name),
        `${name}/${c.name}: volume ${m.name} is defined`,
      )
    }
    // Every ConfigMap and Secret it reads exists (or is one the operator creates).
    const external = EXTERNAL_SECRETS[overlay]!
    for (const e of c.env ?? []) {
      const s = e.valueFrom?.secretKeyRef
      if (s && !external.includes(s.name)) {
        const secret = find(objs, 'Secret', s.name)
        t.ok(secret, `${name}: Secret ${s.name} exists`)
        if (!s.optional)
          t.ok(
            secret && (s.key in (secret.data ?? {}) || s.key in (secret.stringData ?? {})),
            `${name}: Secret ${s.name} has ${s.key}`,
          )
      }
    }
    for (const f of c.envFrom ?? [])
      t.ok(find(objs, 'ConfigMap', f.configMapRef?.name), `${name}: ConfigMap ${f.configMapRef?.name} exists`)
  }
  if (w.kind === 'Deployment' || w.kind === 'StatefulSet') {
    t.ok(
      matches(w.spec.selector.matchLabels, w.spec.template.metadata.labels),
      `${name}: selector matches its pod labels`,
    )
    for (const c of pod.containers) {
      t.ok(c.livenessProbe && c.readinessProbe, `${name}/${c.name}: liveness and readiness probes`)
      for (const p of [c.livenessProbe, c.readinessProbe, c.startupProbe].filter(Boolean)) {
        const port = p.httpGet?.port ?? p.tcpSocket?.port
        if (typeof port === 'string')
          t.ok(
            c.ports?.some((cp: Obj) => cp.name === port),
            `${name}/${c.name}: probe port ${port} exists`,
          )
      }
    }
  }
}

type Tap = Test

function checkDeployable(t: Tap, objs: Obj[], name: string, spec: Awaited<ReturnType<typeof envSpec>>) {
  const d = find(objs, 'Deployment', name)
  t.ok(d, `${name}: Deployment rendered`)
  if (!d) return
  const pod = d.spec.template.spec
  const c = pod.containers[0]
  t.equal(d.spec.replicas, undefined, `${name}: replicas left to the autoscaler`)
  t.equal(
    d.spec.strategy?.rollingUpdate?.maxUnavailable,
    0,
    `${name}: rolling update never below the desired count`,
  )
  t.equal(c.livenessProbe.httpGet?.path, '/livez', `${name}: liveness on /livez`)
  t.equal(c.readinessProbe.httpGet?.path, '/readyz', `${name}: readiness on /readyz`)
  t.ok(c.startupProbe, `${name}: startup probe (boot connects to MongoDB and Redis)`)
  t.same(c.lifecycle?.preStop?.exec?.command, ['sleep', String(PRE_STOP_SECONDS)], `${name}: preStop pause`)

  const env = effectiveEnv(objs, c)
  const unknown = [...env.keys()].filter((k) => !spec.known.has(k))
  t.same(unknown, [], `${name}: every env name is one its config schema reads`)
  const missing = [...spec.required].filter((k) => !env.has(k))
  t.same(missing, [], `${name}: every required setting is set`)
  t.ok(!env.has('HOST') || env.get('HOST') === '0.0.0.0', `${name}: listens on 0.0.0.0`)
  const port = c.ports.find((p: Obj) => p.name === 'http')
  t.ok(port, `${name}: has a port named http`)
  const portVar = WORKERS.includes(name) ? 'WORKER_PORT' : 'PORT'
  if (env.has(portVar))
    t.equal(Number(env.get(portVar)), port?.containerPort, `${name}: ${portVar} is the container port`)

  const shutdown = Number(env.get('SHUTDOWN_TIMEOUT_MS') ?? 10000)
  const drainWindow = Number(env.get('SHUTDOWN_DRAIN_MS') ?? 0)
  const needed = PRE_STOP_SECONDS + (drainWindow + drainMs(name, shutdown)) / 1000
  t.ok(
    pod.terminationGracePeriodSeconds > needed,
    `${name}: grace ${pod.terminationGracePeriodSeconds}s > preStop + keep-alive drain + close ${needed}s`,
  )

  const ann = d.spec.template.metadata.annotations ?? {}
  if (name !== 'web') {
    t.equal(ann['prometheus.io/scrape'], 'true', `${name}: scraped by Prometheus`)
    // The gateway serves metrics on a port of its own (its http port is public); the others on http.
    const metricsPort = c.ports.find((p: Obj) => p.name === 'metrics') ?? port
    t.equal(
      Number(ann['prometheus.io/port']),
      metricsPort?.containerPort,
      `${name}: scrape port is the metrics port`,
    )
    if (env.has('METRICS_PORT'))
      t.equal(
        Number(env.get('METRICS_PORT')),
        metricsPort?.containerPort,
        `${name}: METRICS_PORT is the metrics container port`,
      )
    if (name === 'gateway') {
      t.ok(
        c.ports.some((p: Obj) => p.name === 'metrics'),
        'gateway: metrics on a port of their own',
      )
      t.notOk(
        find(objs, 'Service', name)?.spec.ports.some((p: Obj) => p.targetPort === 'metrics'),
        'gateway: the metrics port is not in the Service',
      )
    }
  }
  const svc = find(objs, 'Service', name)
  if (WORKERS.includes(name)) t.notOk(svc, `${name}: workers have no Service`)
  else if (t.ok(svc, `${name}: Service exists`) && svc) {
    t.ok(matches(svc.spec.selector, d.spec.template.metadata.labels), `${name}: Service selects its pods`)
    for (const p of svc.spec.ports)
      t.ok(
        c.ports.some((cp: Obj) => cp.name === p.targetPort),
        `${name}: Service targets named port ${p.targetPort}`,
      )
  }
  const scalers = [...byKind(objs, 'HorizontalPodAutoscaler'), ...byKind(objs, 'ScaledObject')].filter(
    (h) => h.spec.scaleTargetRef.name === name,
  )
  t.equal(scalers.length, 1, `${name}: exactly one autoscaler`)
  t.ok(
    byKind(objs, 'PodDisruptionBudget').some((p) =>
      matches(p.spec.selector.matchLabels, d.spec.template.metadata.labels),
    ),
    `${name}: PodDisruptionBudget`,
  )
}

const specs = new Map<string, Awaited<ReturnType<typeof envSpec>>>()
for (const name of [...DEPLOYABLES, 'admin-seed']) specs.set(name, await envSpec(name))

for (const overlay of OVERLAYS) {
  const all = combinations(overlay)
  t.test(`overlay ${overlay}`, async (t) => {
    for (const extra of all) {
      await t.test(`${overlay} + [${extra.join(', ')}]`, async (t) => {
        const objs = renderCombination(overlay, extra)
        for (const o of objs) {
          const problem = await schemaProblem(o)
          if (problem) t.fail(`${o.kind} ${o.metadata?.name}: ${problem}`)
        }
        const names = objs.map((o) => `${o.kind}/${o.metadata.name}`)
        t.same(
          names.filter((n, i) => names.indexOf(n) !== i),
          [],
          'no duplicate objects',
        )
        for (const o of objs)
          if (o.kind !== 'Namespace')
            t.ok(o.metadata.namespace, `${o.kind} ${o.metadata.name} has the overlay's namespace`)
        for (const w of workloads(objs)) checkWorkload(t, objs, overlay, w)
        for (const name of DEPLOYABLES) checkDeployable(t, objs, name, specs.get(name)!)

        const seed = find(objs, 'CronJob', 'admin-seed')
        t.equal(seed?.spec.suspend, true, 'admin seed runs only on demand')
        const seedEnv =
          seed?.spec.jobTemplate.spec.template.spec.containers[0].env.map((e: Obj) => e.name) ?? []
        t.same(
          seedEnv.filter((n: string) => !specs.get('admin-seed')!.known.has(n)),
          [],
          'admin seed env names are known to seed.js',
        )

        for (const h of byKind(objs, 'HorizontalPodAutoscaler')) {
          t.ok(
            find(objs, h.spec.scaleTargetRef.kind, h.spec.scaleTargetRef.name),
            `HPA ${h.metadata.name} targets an existing ${h.spec.scaleTargetRef.kind}`,
          )
          t.ok(h.spec.minReplicas <= h.spec.maxReplicas, `HPA ${h.metadata.name}: min <= max`)
        }
        for (const ing of byKind(objs, 'Ingress')) {
          t.ok(ing.spec.tls?.length, `Ingress ${ing.metadata.name} has TLS`)
          for (const path of ing.spec.rules.flatMap((r: Obj) => r.http.paths)) {
            const svc = find(objs, 'Service', path.backend.service.name)
            t.ok(
              svc?.spec.ports.some((p: Obj) => p.name === path.backend.service.port.name),
              `Ingress backend ${path.backend.service.name}:${path.backend.service.port.name} exists`,
            )
          }
        }
        const withPolicies =
          extra.includes('network-policies') || objs.some((o) => o.metadata.name === 'default-deny-all')
        if (withPolicies) {
          const deny = find(objs, 'NetworkPolicy', 'default-deny-all')
          t.same(deny?.spec.podSelector, {}, 'deny-all selects every pod')
          t.same(deny?.spec.policyTypes, ['Ingress', 'Egress'], 'deny-all covers both directions')
        }
        if (withPolicies) {
          const prom = find(objs, 'NetworkPolicy', 'allow-prometheus')
          t.ok(
            prom?.spec.ingress.some((r: Obj) => r.ports.some((p: Obj) => p.port === 'metrics')),
            "Prometheus may reach the gateway's metrics port",
          )
        }
        if (extra.includes('monitoring')) {
          // Every scraped deployable is scraped on the port that serves its /metrics.
          const gatewayLabels = find(objs, 'Deployment', 'gateway')!.spec.template.metadata.labels
          const monitors = byKind(objs, 'PodMonitor').filter((m) =>
            m.spec.selector.matchLabels
              ? matches(m.spec.selector.matchLabels, gatewayLabels)
              : m.spec.selector.matchExpressions.every((e: Obj) => e.values.includes(gatewayLabels[e.key])),
          )
          t.same(
            monitors.flatMap((m) => m.spec.podMetricsEndpoints.map((e: Obj) => e.port)),
            ['metrics'],
            'the gateway is scraped on its metrics port only',
          )
        }
        if (extra.includes('keda')) {
          for (const w of WORKERS) t.ok(find(objs, 'ScaledObject', w), `${w}: scaled on queue depth`)
        }
      })
    }
  })
}

t.test('KEDA and the queue alerts read the numbers the workers export', async (t) => {
  const objs = renderCombination('prod', ['keda', 'monitoring'])
  const waiting = `${QUEUE_METRICS.jobs}{state="waiting"}`
  const queuesOf = Object.fromEntries(workers.map((w) => [w.name, w.queues]))
  t.same(
    Object.values(queuesOf).flat().sort(),
    Object.values(QUEUES).sort(),
    'every queue of the contracts has its worker in services.json',
  )
  // max over replicas: every replica reports the same queue-wide count; a worker of several
  // queues adds up their backlogs.
  const backlog = (queues: string[]) =>
    queues.length === 1
      ? `max(${QUEUE_METRICS.jobs}{queue="${queues[0]}",state="waiting"})`
      : `sum(max by (queue) (${QUEUE_METRICS.jobs}{queue=~"${queues.join('|')}",state="waiting"}))`
  for (const w of WORKERS) {
    const triggers = find(objs, 'ScaledObject', w)?.spec.triggers ?? []
    t.equal(triggers.length, 1, `${w}: one trigger`)
    t.equal(triggers[0]?.type, 'prometheus', `${w}: scaled from Prometheus`)
    t.equal(triggers[0]?.metadata.query, backlog(queuesOf[w]!), `${w}: waiting jobs of its queues`)
    t.equal(
      triggers[0]?.metadata.ignoreNullValues,
      'false',
      `${w}: a missing series is an error (fallback), not 0`,
    )
    t.ok(find(objs, 'ScaledObject', w)?.spec.fallback?.replicas >= 1, `${w}: fallback replicas`)
  }
  const rules = find(objs, 'PrometheusRule', 'site')?.spec.groups.flatMap((g: Obj) => g.rules) ?? []
  const expr = (alert: string) => String(rules.find((r: Obj) => r.alert === alert)?.expr ?? '')
  t.match(
    expr('SiteQueueBacklogGrowing'),
    `max by (queue) (${waiting})`,
    'the backlog alert reads what KEDA reads',
  )
  t.match(
    expr('SiteQueueJobsFailing'),
    `${QUEUE_METRICS.attempts}_count{outcome="failed"}`,
    'failing: jobs given up',
  )
  t.match(expr('SiteQueueWorkerStalled'), `${QUEUE_METRICS.duration}_count`, 'stalled: no attempt finished')
  t.match(expr('SiteQueueWorkerStalled'), QUEUE_METRICS.stalled, 'stalled: jobs whose lock expired')
})

t.test('no object carries a field the API server does not know', async (t) => {
  const objs = OVERLAYS.flatMap((o) =>
    renderCombination(
      o,
      COMPONENTS.filter((c) => combinations(o).flat().includes(c)),
    ),
  )
  t.equal(unknownFieldProblems(objs), '', 'tsc finds no excess property in any object')
})
