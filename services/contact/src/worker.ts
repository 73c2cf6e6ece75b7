import { loadConfigOrExit, runWorkerProcess, workerSettings } from '@site/service-kit'
import { readWorkerConfig } from './config.js'
import { startNotifier } from './notifier.js'

// The contact worker process: mails consultation requests and relays pending ones.
const config = loadConfigOrExit(() => readWorkerConfig())

await runWorkerProcess({
  name: 'contact-worker',
  ...workerSettings(config, 5000),
  start: (ctx) => startNotifier(config, ctx),
})
