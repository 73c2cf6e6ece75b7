import { loadConfigOrExit, runWorkerProcess, workerSettings } from '@site/service-kit'
import { readWorkerConfig } from './config.js'
import { startVariantsWorker } from './jobs/worker-setup.js'

// The content worker process: AVIF/WebP variants of every stored image (docs/content.md, "Media library")
// and the pages' scheduled publishes (docs/editorial.md, "Scheduled publishing").
const config = loadConfigOrExit(() => readWorkerConfig())

await runWorkerProcess({
  name: 'content-worker',
  // An image in progress gets 20 s more to finish before the process exits.
  ...workerSettings(config, 20000),
  start: ({ log, addReadinessCheck, metrics }) =>
    startVariantsWorker(config, log, { metrics, addReadinessCheck }),
})
