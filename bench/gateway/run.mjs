// Gateway overhead: the same small static JSON route of one service (content's /api/content/ping)
// requested directly, through our gateway, and through nginx proxying the same service, in one run.
// Prints JSON (requests/s, latency p50/p99, and ratios to direct) and writes bench/results/gateway.json.
// Usage: npm run bench:gateway [-- --duration 10 --connections 50]
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir, cpus } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureInfra, freePort, waitForPort, root, stopChild } from '../../scripts/lib/infra.mjs'

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const PATH = '/api/content/ping'

const children = []
const tmp = mkdtempSync(join(tmpdir(), 'bench-gateway-'))
const infra = await ensureInfra({ name: 'bench', log: (m) => process.stderr.write(`${m}\n`) })
async function cleanup() {
  for (const c of children.reverse()) await stopChild(c)
  await infra.stop()
  rmSync(tmp, { recursive: true, force: true })
}

try {
  const servicePort = await freePort()
  const gatewayPort = await freePort()
  const nginxPort = await freePort()
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    MONGO_DB: 'bench_content',
  }
  const start = (args, extra) => {
    const c = spawn(process.execPath, args, {
      cwd: root,
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(c)
    return c
  }
  start(['services/content/dist/server.js'], { PORT: String(servicePort) })
  start(['gateway/dist/server.js'], {
    PORT: String(gatewayPort),
    METRICS_PORT: '0',
    CONTENT_URL: `http://127.0.0.1:${servicePort}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_READ_PER_MINUTE: '100000000',
  })

  mkdirSync(join(tmp, 'logs'), { recursive: true })
  writeFileSync(
    join(tmp, 'nginx.conf'),
    `worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  upstream svc { server 127.0.0.1:${servicePort}; keepalive 64; }
  server {
    listen 127.0.0.1:${nginxPort};
    location / { proxy_pass http://svc; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`,
  )
  const nginxAvailable = spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0
  if (nginxAvailable) {
    const n = spawn('nginx', ['-p', tmp, '-c', join(tmp, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(n)
  }
  await Promise.all([
    waitForPort(servicePort, 'content'),
    waitForPort(gatewayPort, 'gateway'),
    nginxAvailable ? waitForPort(nginxPort, 'nginx') : null,
  ])

  const targets = {
    direct: servicePort,
    gateway: gatewayPort,
    ...(nginxAvailable ? { nginx: nginxPort } : {}),
  }
  const results = {}
  for (const [name, port] of Object.entries(targets)) {
    const url = `http://127.0.0.1:${port}${PATH}`
    await autocannon({ url, duration: 2, connections }) // warm-up
    const r = await autocannon({ url, duration, connections })
    results[name] = {
      requestsPerSecond: Math.round(r.requests.average),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99 },
      non2xx: r.non2xx,
      errors: r.errors,
    }
  }
  const ratio = (a, b) => (b ? Number((a / b).toFixed(3)) : null)
  const report = {
    bench: 'gateway',
    route: PATH,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    settings: { durationS: duration, connections },
    results,
    ratios: {
      gatewayVsDirectRps: ratio(results.gateway.requestsPerSecond, results.direct.requestsPerSecond),
      nginxVsDirectRps: results.nginx
        ? ratio(results.nginx.requestsPerSecond, results.direct.requestsPerSecond)
        : null,
      gatewayVsNginxRps: results.nginx
        ? ratio(results.gateway.requestsPerSecond, results.nginx.requestsPerSecond)
        : null,
      gatewayVsDirectP99: ratio(results.gateway.latencyMs.p99, results.direct.latencyMs.p99),
    },
    note: 'autocannon, loader and servers share this machine; compare ratios within one run, not absolute numbers across machines',
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(join(root, 'bench/results/gateway.json'), JSON.stringify(report, null, 2))
  process.stdout.write(JSON.stringify(report, null, 2) + '\n')
} finally {
  await cleanup()
}
