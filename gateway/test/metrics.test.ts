// @tier unit
// The gateway's metrics are for Prometheus on their own port (METRICS_PORT), as the workers do;
// the public port proxies everything else and answers /metrics with a 404.
import t from 'tap'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { freePort } from '@site/service-kit/testing'

t.test('/metrics is not public; the metrics port serves it', async (t) => {
  const metricsPort = await freePort()
  const app = await buildApp(readConfig({ LOG_LEVEL: 'silent', METRICS_PORT: String(metricsPort) }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  await app.listenMetrics()
  t.teardown(() => app.close())
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

  const pub = await fetch(`${base}/metrics`)
  t.equal(pub.status, 404, 'the public port has no /metrics')
  t.notMatch(await pub.text(), /process_cpu|http_request_duration/, 'and shows no internals')
  await (await fetch(`${base}/api/nothing`)).arrayBuffer()

  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
  t.equal(res.status, 200)
  const text = await res.text()
  t.match(text, /process_cpu_user_seconds_total\{service="gateway"\}/)
  t.match(
    text,
    /http_request_duration_seconds_count\{[^}]*status="404"/,
    'requests to the public port are counted',
  )
  t.equal(
    (await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status,
    404,
    'the metrics port proxies nothing',
  )

  await app.close()
  const closed = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
    () => 'open',
    () => 'closed',
  )
  t.equal(closed, 'closed', 'the metrics port closes with the gateway')
})
