import { loadConfigOrExit, runWorkerProcess, workerSettings } from '@site/service-kit'
import { readWorkerConfig } from './config.js'
import { startNotifier } from './notifier.js'
import { startAnalytics } from './analytics/worker.js'

// The contact worker process: mails consultation requests and relays pending ones; drains and
// rolls up the gateway's page views (analytics/worker.ts).
const config = loadConfigOrExit(() => readWorkerConfig())

await runWorkerProcess({
  name: 'contact-worker',
  ...workerSettings(config, 5000),
  start: async (ctx) => [...(await startNotifier(config, ctx)), ...(await startAnalytics(config, ctx))],
})
