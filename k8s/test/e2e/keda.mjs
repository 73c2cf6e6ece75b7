// The keda component on the cluster (KEDA's operator and metrics adapter, built by
// scripts/k8s/keda-build.sh, and Prometheus, scripts/k8s/addons/prometheus.yaml): the workers'
// ScaledObjects are Ready and KEDA's HPAs stand in for their CPU ones; the queue depth reaches
// KEDA through Prometheus; a backlog of image variants scales the content worker up, and it comes
// back to one replica once the backlog is worked off.
import { photo } from '../../../scripts/test/lib/photo.mjs'
import { NS, kjson, kubectl, until } from './lib.mjs'

const WORKERS = ['blog-worker', 'content-worker', 'contact-worker']
const ready = (p) =>
  !p.metadata.deletionTimestamp && p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')
const condition = (obj, type) => obj.status?.conditions?.find((c) => c.type === type)?.status

export async function installKeda(root) {
  kubectl(['apply', '-f', `${root}/scripts/k8s/addons/prometheus.yaml`], { ns: null })
  kubectl(['apply', '--server-side', '--force-conflicts', '-k', `${root}/.tools/k8s/keda-manifests`], {
    ns: null,
  })
  for (const [ns, d] of [
    ['monitoring', 'prometheus'],
    ['keda', 'keda-operator'],
    ['keda', 'keda-metrics-apiserver'],
  ])
    kubectl(['-n', ns, 'rollout', 'status', `deploy/${d}`, '--timeout=300s'], { ns: null })
  // The external metrics API is served once the operator has written the adapter's certificate
  // and the APIService reports Available.
  await until('the external metrics API available', () => {
    const api = kjson(['get', 'apiservice', 'v1beta1.external.metrics.k8s.io'], { ns: null })
    return condition(api, 'Available') === 'True'
  })
}

/** Waiting jobs of a queue as Prometheus has them (what the ScaledObjects read). */
async function waiting(prometheus, queues) {
  const q = `sum(max by (queue) (bullmq_job_count{queue=~"${queues}",state="waiting"}))`
  const res = await fetch(`${prometheus}/api/v1/query?query=${encodeURIComponent(q)}`)
  const body = await res.json()
  return Number(body.data?.result?.[0]?.value?.[1] ?? NaN)
}

export async function checkKedaReady(prometheus) {
  const objects = await until('every ScaledObject Ready', () => {
    const items = kjson(['get', 'scaledobjects']).items
    return items.length === WORKERS.length && items.every((o) => condition(o, 'Ready') === 'True') && items
  })
  const hpas = kjson(['get', 'hpa']).items.map((h) => h.metadata.name)
  for (const w of WORKERS) {
    if (!hpas.includes(`keda-hpa-${w}`)) throw new Error(`no HPA keda-hpa-${w} (have ${hpas.join(', ')})`)
    if (hpas.includes(w)) throw new Error(`the CPU HPA ${w} is still there beside KEDA's`)
  }
  // Prometheus scrapes the workers' queue gauges (the series exist, at 0 when idle).
  const depth = await until('the content queue depth in Prometheus', async () => {
    const n = await waiting(prometheus, 'media-variants|page-schedule')
    return Number.isFinite(n) && { waiting: n }
  })
  // And KEDA reads it through the external metrics API, as the HPA does (`--raw` answers JSON and
  // takes no `-o json`, hence kubectl, not kjson).
  const metric = JSON.parse(
    kubectl(
      [
        'get',
        '--raw',
        `/apis/external.metrics.k8s.io/v1beta1/namespaces/${NS}/s0-prometheus?labelSelector=${encodeURIComponent(
          'scaledobject.keda.sh/name=content-worker',
        )}`,
      ],
      { ns: null },
    ),
  )
  return {
    scaledObjects: objects.map((o) => o.metadata.name),
    hpas: hpas.filter((h) => h.startsWith('keda-hpa-')),
    prometheus: depth,
    externalMetric: metric.items?.[0]?.value ?? null,
  }
}

/**
 * An admin uploads `count` photos at once: each queues its variants (media-variants), more than the
 * ScaledObject's threshold (20 waiting per replica), so KEDA asks for a second content worker.
 */
export async function checkKedaScales(call, prometheus, count = 45) {
  const pods = () => kjson(['get', 'pods', '-l', 'app.kubernetes.io/name=content-worker']).items.filter(ready)
  const hpa = () => kjson(['get', 'hpa', 'keda-hpa-content-worker'])
  await until('the content worker at rest on 1 replica', () => hpa().status.desiredReplicas === 1, {
    timeoutMs: 300000,
    everyMs: 2000,
  })
  const t0 = Date.now()
  const ids = []
  for (let i = 0; i < count; i++) {
    const form = new FormData()
    form.append('file', new Blob([await photo(i)], { type: 'image/jpeg' }), `keda-${i}.jpg`)
    const res = await call('/api/media', { method: 'POST', body: form })
    if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${JSON.stringify(res.data)}`)
    ids.push(res.data.id)
  }
  const uploadedS = (Date.now() - t0) / 1000
  const peak = { waiting: 0 }
  const up = await until(
    'a second Ready content worker',
    async () => {
      peak.waiting = Math.max(peak.waiting, (await waiting(prometheus, 'media-variants')) || 0)
      return pods().length >= 2 && (Date.now() - t0) / 1000
    },
    { timeoutMs: 300000, everyMs: 2000 },
  )
  // Scaled on the queue, not by the fallback KEDA applies when it cannot read Prometheus.
  const so = kjson(['get', 'scaledobject', 'content-worker'])
  if (condition(so, 'Fallback') === 'True') throw new Error('scaled by the fallback, not by the queue')
  const active = condition(so, 'Active')
  const t1 = Date.now()
  const drained = await until(
    'the variants backlog worked off',
    async () => (await waiting(prometheus, 'media-variants')) === 0 && (Date.now() - t1) / 1000,
    { timeoutMs: 900000, everyMs: 5000 },
  )
  const down = await until(
    'the content worker back at 1 replica',
    () => hpa().status.desiredReplicas === 1 && pods().length === 1 && (Date.now() - t1) / 1000,
    { timeoutMs: 600000, everyMs: 2000 },
  )
  // The library as it was: the photos go (none is used).
  for (const id of ids) await call(`/api/media/${id}`, { method: 'DELETE' })
  return {
    uploaded: count,
    uploadedS,
    peakWaiting: peak.waiting,
    activeAtPeak: active,
    upAfterS: up,
    drainedAfterS: drained,
    downAfterS: down,
  }
}
