// The processes `npm start` runs, with the ports and environment that wire them together.
import { join } from 'node:path'
import { root } from './infra.mjs'

export const SERVICE_PORTS = { web: 3000, auth: 3001, content: 3002, blog: 3003, chat: 3004, contact: 3005 }
export const WORKER_PORTS = { 'blog-worker': 3013, 'contact-worker': 3015 }

/**
 * Each container's memory limit in MiB, as in k8s/base (k8s/test checks they agree), so local runs
 * size their heaps as the cluster does (docs/operations.md, "Memory").
 */
export const MEMORY_LIMITS_MB = {
  auth: 384,
  content: 512,
  blog: 384,
  chat: 384,
  contact: 256,
  'blog-worker': 512,
  'contact-worker': 256,
  web: 256,
  gateway: 256,
}

/**
 * V8 flags for a container limit, the formula of scripts/docker/node-heap.sh (the images' entry
 * point): the heap gets 75 %, young generation three semi-spaces of limit/128 MiB (1..16), the old
 * generation the rest; code, buffers and sockets fit in the remaining quarter.
 */
export function heapFlags(limitMb) {
  const semi = Math.min(16, Math.max(1, Math.floor(limitMb / 128)))
  return [`--max-semi-space-size=${semi}`, `--max-old-space-size=${Math.floor((limitMb * 3) / 4) - 3 * semi}`]
}

/** Node flags and env of a process capped at its container limit, as in the cluster. */
function capped(name, script) {
  const limit = MEMORY_LIMITS_MB[name]
  return { args: [...heapFlags(limit), script], memory: { MEMORY_LIMIT_MB: String(limit) } }
}

/**
 * @param shared environment every process gets (MONGO_URL, REDIS_URL, SESSION_SECRET, ...)
 * @param gatewayPort the public port
 * @param ports other ports, by process name (defaults above; tests pass free ones)
 * @returns {{ name: string, cwd: string, args: string[], env: Record<string,string>, port: number }[]}
 */
export function processTable(shared, gatewayPort, ports = { ...SERVICE_PORTS, ...WORKER_PORTS }) {
  const svc = (name, env = {}) => {
    const { args, memory } = capped(name, 'dist/server.js')
    return { name, cwd: join(root, 'services', name), args, port: ports[name], env: { ...shared, ...memory, ...env, PORT: String(ports[name]) } }
  }
  const url = (name) => `http://127.0.0.1:${ports[name]}`
  const worker = (name, service) => {
    const { args, memory } = capped(name, 'dist/worker.js')
    return { name, cwd: join(root, 'services', service), args, port: ports[name], env: { ...shared, ...memory, WORKER_PORT: String(ports[name]) } }
  }
  const web = capped('web', 'server.mjs')
  const gateway = capped('gateway', 'dist/server.js')
  return [
    svc('auth'),
    svc('content'),
    svc('blog'),
    // The chat's knowledge is read from the content and blog services (their public lists).
    svc('chat', { CONTENT_URL: url('content'), BLOG_URL: url('blog') }),
    svc('contact'),
    worker('blog-worker', 'blog'),
    worker('contact-worker', 'contact'),
    // The web server renders the public pages from the content and blog services' public reads.
    {
      name: 'web',
      cwd: join(root, 'web'),
      args: web.args,
      port: ports.web,
      env: { ...shared, ...web.memory, PORT: String(ports.web), CONTENT_URL: url('content'), BLOG_URL: url('blog') },
    },
    {
      name: 'gateway',
      cwd: join(root, 'gateway'),
      args: gateway.args,
      port: gatewayPort,
      env: {
        ...shared,
        ...gateway.memory,
        PORT: String(gatewayPort),
        // Prometheus scrapes the gateway here; its public port has no /metrics.
        METRICS_PORT: String(ports['gateway-metrics'] ?? 9090),
        AUTH_URL: url('auth'),
        CONTENT_URL: url('content'),
        BLOG_URL: url('blog'),
        CHAT_URL: url('chat'),
        CONTACT_URL: url('contact'),
        WEB_URL: url('web'),
      },
    },
  ]
}
