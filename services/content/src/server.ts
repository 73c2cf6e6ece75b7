import { runService } from '@site/service-kit'
import { buildApp } from './app.js'
import { readConfig } from './config.js'

await runService(async () => {
  const config = readConfig()
  return {
    app: await buildApp(config),
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    drainMs: config.SHUTDOWN_DRAIN_MS,
  }
})
