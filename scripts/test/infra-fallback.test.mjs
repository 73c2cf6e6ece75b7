// With a Docker daemon running but `mongo:8` not pullable (offline, no registry),
// ensureInfra must fall back to the embedded FerretDB and say so, not stop. The `docker` here is a
// script on PATH that answers `docker info` like a running daemon and fails `docker run` the way the
// real CLI does when the registry cannot be reached.
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
    const env = { ...process.env, MONGO_URL: '', REDIS_URL: process.env.REDIS_URL ?? '' }
    delete env.MONGO_URL
    const path = process.env.PATH
    process.env.PATH = `${bin}:${path}`
    t.teardown(() => {
      process.env.PATH = path
    })
    const infra = await ensureInfra({ name: 'fallback-test', log: (m) => lines.push(m), env, fresh: true })
    t.teardown(() => infra.stop())
    t.match(infra.mongoKind, /^FerretDB/, 'the embedded route was taken')
    t.ok(
      lines.some((l) =>
        /mongo:8 container did not start.*registry-1\.docker\.io.*falling back to the embedded FerretDB/.test(
          l,
        ),
      ),
      lines.join('\n'),
    )
    const client = await MongoClient.connect(infra.mongoUrl, { serverSelectionTimeoutMS: 10000 })
    t.teardown(() => client.close())
    const res = await client.db('fallback_test').command({ ping: 1 })
    t.equal(res.ok, 1, 'the fallback server answers')
  },
)
