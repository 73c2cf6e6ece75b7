import { runWorkerProcess, loadConfigOrExit } from '@site/service-kit'
import { readWorkerConfig } from './config.js'
import { startImportWorker } from './jobs/worker-setup.js'

// The blog-import worker process: extract → sanitize → translate → tag → save (docs/blog-import.md).
const config = loadConfigOrExit(() => readWorkerConfig())

await runWorkerProcess({
  name: 'blog-worker',
  logLevel: config.LOG_LEVEL,
  port: config.WORKER_PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS + 20000,
  start: ({ log, addReadinessCheck, metrics }) => startImportWorker(config, log, { metrics, addReadinessCheck }),
})
