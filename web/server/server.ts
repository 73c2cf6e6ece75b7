// The web server process (built by `vite build --ssr server/server.ts` into web/dist-server/server.js
// with the React renderer it serves): build, listen, close with grace on SIGTERM (the kit's
// runService, as every service's server.ts).
import { runService } from '@site/service-kit'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { readConfig } from './config'

// This file sits one level below web/ both as source (web/server/) and as the bundle (web/dist-server/).
const dist = fileURLToPath(new URL('../dist/', import.meta.url))

await runService(async () => {
  const config = readConfig()
  return {
    app: await buildApp(config, { dist }),
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    drainMs: config.SHUTDOWN_DRAIN_MS,
  }
})
