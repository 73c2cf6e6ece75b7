import { loadConfigOrExit, runWorkerProcess, workerSettings } from '@site/service-kit'
import { readWorkerConfig } from './config.js'
import { startImportWorker } from './jobs/worker-setup.js'

// The blog-import worker process: extract → sanitize → translate → tag → save (docs/blog-import.md).
const config = loadConfigOrExit(() => readWorkerConfig())

await runWorkerProcess({
  name: 'blog-worker',
  // A running import (model calls) gets 20 s more to finish before the process exits.
  ...workerSettings(config, 20000),
  start: ({ log, addReadinessCheck, metrics }) =>
    startImportWorker(config, log, { metrics, addReadinessCheck }),
})
