// The processes `npm start` runs, with the ports and environment that wire them together.
import { join } from 'node:path'
import { root } from './infra.mjs'

export const SERVICE_PORTS = { web: 3000, auth: 3001, content: 3002, blog: 3003, chat: 3004, contact: 3005 }
export const WORKER_PORTS = { 'blog-worker': 3013, 'contact-worker': 3015 }

/**
 * @param shared environment every process gets (MONGO_URL, REDIS_URL, SESSION_SECRET, ...)
 * @param gatewayPort the public port
 * @param ports other ports, by process name (defaults above; tests pass free ones)
 * @returns {{ name: string, cwd: string, args: string[], env: Record<string,string>, port: number }[]}
 */
export function processTable(shared, gatewayPort, ports = { ...SERVICE_PORTS, ...WORKER_PORTS }) {
  const svc = (name, env = {}) => ({
    name,
    cwd: join(root, 'services', name),
    args: ['dist/server.js'],
    port: ports[name],
    env: { ...shared, ...env, PORT: String(ports[name]) },
  })
  const url = (name) => `http://127.0.0.1:${ports[name]}`
  const worker = (name, service) => ({
    name,
    cwd: join(root, 'services', service),
    args: ['dist/worker.js'],
    port: ports[name],
    env: { ...shared, WORKER_PORT: String(ports[name]) },
  })
  return [
    svc('auth'),
    svc('content'),
    svc('blog'),
    // The chat's knowledge is read from the content and blog services (their public lists).
    svc('chat', { CONTENT_URL: url('content'), BLOG_URL: url('blog') }),
    svc('contact'),
    worker('blog-worker', 'blog'),
    worker('contact-worker', 'contact'),
    { name: 'web', cwd: join(root, 'web'), args: ['server.mjs'], port: ports.web, env: { ...shared, PORT: String(ports.web) } },
    {
      name: 'gateway',
      cwd: join(root, 'gateway'),
      args: ['dist/server.js'],
      port: gatewayPort,
      env: {
        ...shared,
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
