// @tier services
// With a Docker daemon answering but no MongoDB image startable (offline, no registry, no local
// image), ensureInfra must fall back to the embedded FerretDB and say so, not stop. The `docker`
// here is a script on PATH that answers `docker info` like a running daemon, so the containers
// route is chosen; the images named cannot be pulled from any registry, and where no daemon runs
// at all Testcontainers finds none: either way no container starts.
import t from 'tap'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MongoClient } from 'mongodb'
import { ensureInfra } from '../lib/infra.mjs'

const bin = mkdtempSync(join(tmpdir(), 'fake-docker-'))
writeFileSync(
  join(bin, 'docker'),
  `#!/bin/sh
case "$1" in
  info) echo "Server Version: 20.10.24"; exit 0 ;;
  run) echo "Unable to find image 'mongo:8' locally" >&2
       echo "docker: Error response from daemon: Get \\"https://registry-1.docker.io/v2/\\": dial tcp: lookup registry-1.docker.io: no such host." >&2
       exit 125 ;;
  *) exit 1 ;;
esac
`,
)
chmodSync(join(bin, 'docker'), 0o755)

t.test(
  'an unpullable mongo image falls back to the embedded FerretDB and says which route ran',
  async (t) => {
    const lines = []
    // Redis is not what is tested: a given URL keeps it out of the way.
    const env = { ...process.env, REDIS_URL: 'redis://127.0.0.1:1', MONGO_IMAGE: 'site-test/no-such-image:0' }
    delete env.MONGO_URL
    delete env.INFRA
    const path = process.env.PATH
    process.env.PATH = `${bin}:${path}`
    t.teardown(() => {
      process.env.PATH = path
    })
    const infra = await ensureInfra({ name: 'fallback-test', log: (m) => lines.push(m), env, fresh: true })
    t.teardown(() => infra.stop())
    t.match(infra.mongoKind, /^FerretDB/, 'the embedded route was taken')
    const said = lines.join('\n')
    t.match(
      said,
      /infrastructure route: containers \(a Docker daemon answers\)/,
      'the containers route was tried',
    )
    t.match(said, /no MongoDB container started \(site-test\/no-such-image:0: /, 'why it failed')
    t.match(said, /falling back to the embedded FerretDB \(on PostgreSQL/, 'and which route ran')
    t.notMatch(said, /site-local\/ferretdb:1\.24:/, 'the SQLite image is not tried')
    const client = await MongoClient.connect(infra.mongoUrl, { serverSelectionTimeoutMS: 10000 })
    t.teardown(() => client.close())
    const res = await client.db('fallback_test').command({ ping: 1 })
    t.equal(res.ok, 1, 'the fallback server answers')
  },
)

t.test('INFRA forces a route, and a wrong value is refused with the accepted ones', async (t) => {
  const env = { ...process.env, REDIS_URL: 'redis://127.0.0.1:1' }
  delete env.MONGO_URL
  const lines = []
  const infra = await ensureInfra({
    name: 'fallback-test',
    log: (m) => lines.push(m),
    env: { ...env, INFRA: 'embedded' },
    fresh: true,
  })
  t.teardown(() => infra.stop())
  t.match(lines.join('\n'), /infrastructure route: embedded \(INFRA=embedded\)/)
  t.match(infra.mongoKind, /^FerretDB/, 'no container was tried')
  await t.rejects(
    ensureInfra({ name: 'fallback-test', log: () => {}, env: { ...env, INFRA: 'docker' }, fresh: true }),
    {
      message: 'INFRA must be "containers" or "embedded" (got "docker").',
    },
  )
})
