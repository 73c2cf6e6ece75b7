import { loadConfigOrExit, runWorkerProcess } from '@site/service-kit'
import { readWorkerConfig } from './config.js'
import { startNotifier } from './notifier.js'

// The contact worker process: mails consultation requests and relays pending ones (issue #6).
const config = loadConfigOrExit(() => readWorkerConfig())

await runWorkerProcess({
  name: 'contact-worker',
  logLevel: config.LOG_LEVEL,
  port: config.WORKER_PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS + 5000,
  start: (ctx) => startNotifier(config, ctx),
})
