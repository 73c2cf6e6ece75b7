// The cluster checks that take a few objects of their own: the gateway's autoscaler, a drain
// against the PodDisruptionBudgets, and the network policies (enforced by kube-router's firewall).
import { kjson, kubectl, traffic, until } from './lib.mjs'

// A terminating pod may still report Ready: it counts for nothing here.
const ready = (p) =>
  !p.metadata.deletionTimestamp && p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')
const gatewayPods = () => kjson(['get', 'pods', '-l', 'app.kubernetes.io/name=gateway']).items
const setMin = (n) =>
  kubectl(['patch', 'hpa', 'gateway', '--type=merge', '-p', JSON.stringify({ spec: { minReplicas: n } })])

export async function checkHpa(gateway) {
  // Scale-down waits 5 minutes in the manifests (base/gateway.yaml); 15 s here, restored after.
  const original = kjson(['get', 'hpa', 'gateway']).spec.behavior
  const quick = { scaleDown: { ...original.scaleDown, stabilizationWindowSeconds: 15 } }
  kubectl(['patch', 'hpa', 'gateway', '--type=merge', '-p', JSON.stringify({ spec: { behavior: quick } })])
  try {
    const idle = await until(
      'the HPA reading CPU metrics',
      () =>
        kjson(['get', 'hpa', 'gateway']).status.currentMetrics?.[0]?.resource?.current?.averageUtilization,
      { timeoutMs: 180000 },
    )
    const max = kjson(['get', 'hpa', 'gateway']).spec.maxReplicas
    // From rest: one replica (the dev overlay's 50m request; the gateway reads 30-70 % of it just
    // after the earlier checks' traffic, below the 70 % target).
    await until(
      'the gateway at rest on 1 replica',
      () =>
        kjson(['get', 'hpa', 'gateway']).status.desiredReplicas === 1 &&
        gatewayPods().filter(ready).length === 1,
      { timeoutMs: 300000, everyMs: 2000 },
    )
    const t0 = Date.now()
    const load = traffic(gateway, ['/', '/api/blog?published=true&page=1&pageSize=12'], 8, 0)
    let up
    let counted
    try {
      up = await until(
        `the gateway at ${max} Ready replicas`,
        () => gatewayPods().filter(ready).length >= max && (Date.now() - t0) / 1000,
        { timeoutMs: 240000, everyMs: 2000 },
      )
    } finally {
      counted = await load.stop()
    }
    const { requests, failures } = counted
    const t1 = Date.now()
    const down = await until(
      'the gateway back at 1 replica',
      () => kjson(['get', 'hpa', 'gateway']).status.desiredReplicas === 1 && (Date.now() - t1) / 1000,
      { timeoutMs: 300000, everyMs: 2000 },
    )
    return {
      idleUtilization: idle,
      maxReplicas: max,
      scaledUpAfterS: up,
      scaledDownAfterS: down,
      requests,
      failed: failures.length,
    }
  } finally {
    kubectl([
      'patch',
      'hpa',
      'gateway',
      '--type=merge',
      '-p',
      JSON.stringify({ spec: { behavior: original } }),
    ])
  }
}

export async function checkDrain(node) {
  setMin(2)
  try {
    await until(
      '2 Ready gateway pods and no other',
      () => gatewayPods().length === 2 && gatewayPods().filter(ready).length === 2,
      { timeoutMs: 240000 },
    )
    const before = gatewayPods().map((p) => p.metadata.name)
    const r = kubectl(
      [
        'drain',
        node,
        '--pod-selector=app.kubernetes.io/name=gateway',
        '--ignore-daemonsets',
        '--delete-emptydir-data',
        '--timeout=30s',
      ],
      { ns: null, allowFail: true },
    )
    const text = r.out + r.err
    const pods = gatewayPods()
    const survivors = pods.filter((p) => before.includes(p.metadata.name) && ready(p)).length
    if (r.ok) throw new Error('the drain evicted both gateway pods (PDB maxUnavailable 1 ignored)')
    if (!/disruption budget/i.test(text))
      throw new Error(`the drain failed for another reason: ${text.slice(-400)}`)
    if (survivors !== 1)
      throw new Error(`${survivors} of the 2 original gateway pods still Ready, expected 1`)
    return {
      evicted: 1,
      refused: 'the second (PodDisruptionBudget gateway, maxUnavailable 1)',
      message: text.match(/.*disruption budget.*/i)?.[0],
    }
  } finally {
    kubectl(['uncordon', node], { ns: null })
    await until('2 Ready gateway pods again', () => gatewayPods().filter(ready).length === 2, {
      timeoutMs: 240000,
    })
    setMin(1)
  }
}

/** A pod of the overlay's namespace (restricted Pod Security) that tries MongoDB's port. */
async function probe(name, component) {
  kubectl(['delete', 'pod', name, '--ignore-not-found', '--wait=true'])
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { 'app.kubernetes.io/name': name, 'app.kubernetes.io/component': component } },
    spec: {
      restartPolicy: 'Never',
      automountServiceAccountToken: false,
      securityContext: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [
        {
          name: 'probe',
          image: 'site-local/redis:7',
          imagePullPolicy: 'IfNotPresent',
          command: [
            'bash',
            '-c',
            'if timeout 5 bash -c "exec 3<>/dev/tcp/mongodb/27017"; then echo open; else echo blocked; fi',
          ],
          securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
          resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { cpu: '100m', memory: '64Mi' } },
        },
      ],
    },
  }
  kubectl(['apply', '-f', '-'], { input: JSON.stringify(pod) })
  await until(
    `${name} finished`,
    () => ['Succeeded', 'Failed'].includes(kjson(['get', 'pod', name]).status.phase),
    {
      timeoutMs: 120000,
    },
  )
  // The last line: bash's own complaint about the refused connection comes before it.
  const out = kubectl(['logs', name]).trim().split('\n').at(-1)
  kubectl(['delete', 'pod', name, '--wait=false'])
  return out
}

export async function checkNetworkPolicy() {
  const policies = kjson(['get', 'networkpolicy']).items.map((p) => p.metadata.name)
  if (!policies.includes('default-deny-all')) throw new Error('the network-policies component is not applied')
  const outsider = await probe('netpol-outsider', 'probe')
  const api = await probe('netpol-api', 'api')
  if (api !== 'open')
    throw new Error(`a pod labelled as an API service cannot reach MongoDB (${api}): no control`)
  if (outsider !== 'blocked') throw new Error(`a pod of no allowed component reached MongoDB (${outsider})`)
  return { outsider, api, policies: policies.length }
}
