import { serveApp } from '@site/service-kit'
import { buildApp } from './app.js'
import { readConfig } from './config.js'

await serveApp(readConfig, buildApp)
