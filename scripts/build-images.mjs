// Builds every image of the site with Docker, from the registry (services.json):
//   node scripts/build-images.mjs [tag]          (tag: dev unless given)
//   node scripts/build-images.mjs 1.0.0 --dry-run   prints the commands only
// The gateway and each service from the shared ./Dockerfile, the web app from web/Dockerfile.
// Extra `docker build` arguments go after `--`, e.g. `-- --build-arg NODE_IMAGE=registry.local/node:24-slim`.
import { spawnSync } from 'node:child_process'
import { root } from './lib/infra.mjs'
import registry from '../services.json' with { type: 'json' }

const args = process.argv.slice(2)
const extra = args.includes('--') ? args.slice(args.indexOf('--') + 1) : []
const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args
const dryRun = own.includes('--dry-run')
const tag = own.find((a) => !a.startsWith('--')) ?? 'dev'

const shared = (workspace, port) => ['--build-arg', `WORKSPACE=${workspace}`, '--build-arg', `PORT=${port}`]
const images = [
  ['gateway', shared('gateway', registry.gateway.port)],
  ...Object.entries(registry.services).map(([name, s]) => [name, shared(`services/${name}`, s.port)]),
  ['web', ['-f', 'web/Dockerfile']],
]

for (const [name, buildArgs] of images) {
  const cmd = ['build', ...buildArgs, ...extra, '-t', `site/${name}:${tag}`, '.']
  console.log(`docker ${cmd.join(' ')}`)
  if (dryRun) continue
  const r = spawnSync('docker', cmd, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
