// @tier services
// A site that ran on FerretDB's SQLite handler (the embedded default before PostgreSQL): `npm start`
// stops and names the command that moves it; `npm run db:migrate` moves every database (backup from
// the old, restore into the new) and keeps the old folder under another name.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { MongoClient } from 'mongodb'
import { startSqliteFerretDB } from '../lib/embedded-db.mjs'
import { ensureInfra, InfraError, root } from '../lib/infra.mjs'

const name = `migrate-test-${process.pid}`
const dataDir = join(root, '.data', name)
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const env = { ...process.env, INFRA: 'embedded', REDIS_URL: redisUrl, QUEUE_PREFIX: `migrate_${process.pid}` }
delete env.MONGO_URL
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))

t.test('an old SQLite site is moved to PostgreSQL with one command', async (t) => {
  const old = await startSqliteFerretDB({ dir: join(dataDir, 'ferretdb'), dataDir, log: () => {} })
  const before = await MongoClient.connect(old.url)
  const posts = Array.from({ length: 25 }, (_, i) => ({
    slug: `old-${i}`,
    title_nl: `Oud ${i}`,
    published: true,
  }))
  await before.db('site_blog').collection('blog_posts').insertMany(posts)
  await before.db('site_blog').collection('blog_posts').createIndex({ slug: 1 }, { unique: true })
  await before.db('site_auth').collection('users').insertOne({ username: 'admin', username_key: 'admin' })
  await before.close()
  await old.stop()

  const refused = await ensureInfra({ name, env, log: () => {} }).then(
    (infra) => infra.stop().then(() => null),
    (err) => err,
  )
  t.ok(refused instanceof InfraError, 'npm start stops on the old data')
  t.match(refused?.message, /`npm run db:migrate`/, 'and says which command moves it')

  const run = spawnSync(process.execPath, [join(root, 'scripts/db-migrate.mjs'), '--name', name], {
    env,
    encoding: 'utf8',
    timeout: 240000,
  })
  t.equal(run.status, 0, run.stderr)
  const archive = /The archive is (\S+);/.exec(run.stderr)?.[1]
  t.match(archive, /^\.data\/backups\/site-before-postgres-.*\.bson\.gz$/, 'the backup is kept')
  if (archive) t.teardown(() => rmSync(join(root, archive), { force: true }))
  t.ok(existsSync(join(dataDir, 'ferretdb-sqlite-moved')), 'the old folder is kept, renamed')

  const lines = []
  const infra = await ensureInfra({ name, env, log: (m) => lines.push(m) })
  t.teardown(() => infra.stop())
  t.match(infra.mongoKind, /on PostgreSQL/)
  const after = await MongoClient.connect(infra.mongoUrl)
  t.teardown(() => after.close())
  const moved = await after.db('site_blog').collection('blog_posts').find({}).sort({ slug: 1 }).toArray()
  t.equal(moved.length, 25, 'every post is in the new database')
  t.same(moved.map((p) => p.slug).sort(), posts.map((p) => p.slug).sort())
  t.ok(await after.db('site_auth').collection('users').findOne({ username_key: 'admin' }), 'and the admin')
  await t.rejects(
    after.db('site_blog').collection('blog_posts').insertOne({ slug: 'old-3' }),
    /duplicate key/,
    'the unique index came along',
  )

  const again = spawnSync(process.execPath, [join(root, 'scripts/db-migrate.mjs'), '--name', name], {
    env,
    encoding: 'utf8',
  })
  t.equal(again.status, 0)
  t.match(again.stderr, /nothing to move/, 'a second run changes nothing')
})
