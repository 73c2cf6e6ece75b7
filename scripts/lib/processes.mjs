// The processes `npm start` runs, with the ports and environment that wire them together, all
// from the registry of services (services.json at the repository root).
import { join } from 'node:path'
import { root } from './infra.mjs'
import registry from '../../services.json' with { type: 'json' }

export { registry }
const services = Object.entries(registry.services)
const workerName = (service) => `${service}-worker`

/** Ports of the web app and the services, by name. */
export const SERVICE_PORTS = {
  web: registry.web.port,
  ...Object.fromEntries(services.map(([name, s]) => [name, s.port])),
}
/** Ports of the queue workers (probes and metrics), by process name (`blog-worker`). */
export const WORKER_PORTS = Object.fromEntries(
  services.filter(([, s]) => s.worker).map(([name, s]) => [workerName(name), s.worker.port]),
)

/**
 * Each container's memory limit in MiB, as in k8s/base (k8s/test checks they agree), so local runs
 * size their heaps as the cluster does (docs/operations.md, "Memory").
 */
export const MEMORY_LIMITS_MB = {
  ...Object.fromEntries(services.map(([name, s]) => [name, s.memoryMb])),
  ...Object.fromEntries(
    services.filter(([, s]) => s.worker).map(([name, s]) => [workerName(name), s.worker.memoryMb]),
  ),
  web: registry.web.memoryMb,
  gateway: registry.gateway.memoryMb,
}

/**
 * V8 flags for a container limit, the formula of scripts/docker/node-heap.sh (the images' entry
 * point): the heap gets 75 %, young generation three semi-spaces of limit/128 MiB (1..16), the old
 * generation the rest; code, buffers and sockets fit in the remaining quarter. Not
 * --optimize-for-size: it took about 70 MB off the idle stack but cost 15-20 % more CPU per cold
 * page in the web, gateway and blog processes (docs/operations.md, "Memory").
 */
export function heapFlags(limitMb) {
  const semi = Math.min(16, Math.max(1, Math.floor(limitMb / 128)))
  return [`--max-semi-space-size=${semi}`, `--max-old-space-size=${Math.floor((limitMb * 3) / 4) - 3 * semi}`]
}

/**
 * glibc's malloc arena cap, as in the images: by default each thread that allocates (V8's
 * platform workers, libuv's pool) may get an arena of its own, up to 8 per core, each keeping
 * freed memory resident; two arenas took about 22 MB off the idle stack (bench/scale/idle.mjs).
 */
export const MALLOC_ARENA_MAX = '2'

/**
 * What every process runs as unless the caller says otherwise (`npm run dev` says development), as
 * in the images: without it the web server renders with React's development build, about three
 * times the CPU per page (bench/posts: cold pages limited by the render, not the database).
 */
const RUNS_AS = { NODE_ENV: 'production' }

/** Node flags and env of a process capped at its container limit, as in the cluster. */
function capped(name, script) {
  const limit = MEMORY_LIMITS_MB[name]
  return { args: [...heapFlags(limit), script], memory: { MEMORY_LIMIT_MB: String(limit), MALLOC_ARENA_MAX } }
}

/**
 * @param shared environment every process gets (MONGO_URL, REDIS_URL, SESSION_SECRET, ...)
 * @param gatewayPort the public port
 * @param ports other ports, by process name (defaults above; tests pass free ones)
 * @returns {{ name: string, cwd: string, args: string[], env: Record<string,string>, port: number }[]}
 */
export function processTable(shared, gatewayPort, ports = { ...SERVICE_PORTS, ...WORKER_PORTS }) {
  const url = (name) => `http://127.0.0.1:${ports[name]}`
  // The services a process calls, as CONTENT_URL, BLOG_URL, ...
  const urls = (names = []) =>
    Object.fromEntries(names.map((name) => [`${name.toUpperCase()}_URL`, url(name)]))
  const svc = (name, s) => {
    const { args, memory } = capped(name, 'dist/server.js')
    return {
      name,
      cwd: join(root, 'services', name),
      args,
      port: ports[name],
      env: { ...RUNS_AS, ...shared, ...memory, ...urls(s.calls), PORT: String(ports[name]) },
    }
  }
  const worker = (service, w) => {
    const name = workerName(service)
    const { args, memory } = capped(name, w.entry)
    return {
      name,
      cwd: join(root, 'services', service),
      args,
      port: ports[name],
      env: { ...RUNS_AS, ...shared, ...memory, WORKER_PORT: String(ports[name]) },
    }
  }
  const web = capped('web', 'dist-server/server.js')
  const gateway = capped('gateway', 'dist/server.js')
  return [
    ...services.map(([name, s]) => svc(name, s)),
    ...services.filter(([, s]) => s.worker).map(([name, s]) => worker(name, s.worker)),
    // The web server renders the public pages from the services' public reads.
    {
      name: 'web',
      cwd: join(root, 'web'),
      args: web.args,
      port: ports.web,
      env: { ...RUNS_AS, ...shared, ...web.memory, PORT: String(ports.web), ...urls(registry.web.calls) },
    },
    {
      name: 'gateway',
      cwd: join(root, 'gateway'),
      args: gateway.args,
      port: gatewayPort,
      env: {
        ...RUNS_AS,
        ...shared,
        ...gateway.memory,
        PORT: String(gatewayPort),
        // Prometheus scrapes the gateway here; its public port has no /metrics.
        METRICS_PORT: String(ports['gateway-metrics'] ?? registry.gateway.metricsPort),
        ...urls(services.map(([name]) => name)),
        WEB_URL: url('web'),
      },
    },
  ]
}
