// @tier stack
// The operator's backup (issue 34): `npm run backup` of a running site, `npm run restore` into an
// empty stack, and the restored site serves every public page with the original's ETag (so the
// same bytes), its post images (GridFS) included, and keeps its queued and delayed jobs.
import t from 'tap'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { MongoClient } from 'mongodb'
import { Document, ImageRun, Packer, Paragraph } from 'docx'
import { startStack } from '../lib/stack.mjs'
import { root } from '../lib/infra.mjs'
import { fetchProof } from '../lib/altcha.mjs'
import { addPost, client, etags, image, publicUrls, uploadImage } from './lib/site-content.mjs'

// Both stacks claim the same public origin: canonical links and sitemaps carry it.
const env = {
  PUBLIC_ORIGIN: 'https://backup-test.example',
  RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
}
const PASSWORD = 'correct horse battery'
const dir = mkdtempSync(join(tmpdir(), 'site-backup-'))

function run(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts', script), ...args], {
      cwd: root,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}
const scope = (id) => ['--databases', `stack_${id}_{service}`, '--prefix', `stack_${id}`]

const a = await startStack({ env })
t.teardown(() => a.stop())
const idA = a.env.QUEUE_PREFIX.replace(/^stack_/, '')
a.seedAdmin('admin', PASSWORD)
const api = client(a.url, env.PUBLIC_ORIGIN)
await api.login('admin', PASSWORD)
for (let i = 0; i < 3; i++) await addPost(api, i)
await api.call('/api/projects', {
  method: 'POST',
  json: {
    title: 'Backup project',
    description: 'Kept across a restore',
    image_url: await uploadImage(api, 99),
  },
})
// An import through the worker stores the document's picture in the blog service's GridFS.
const docx = await Packer.toBuffer(
  new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Imported article' }),
          new Paragraph({
            children: [
              new ImageRun({
                type: 'png',
                data: await image(7, 200),
                transformation: { width: 200, height: 200 },
              }),
            ],
          }),
        ],
      },
    ],
  }),
)
const form = new FormData()
form.append('file', new Blob([docx]), 'article.docx')
const imported = await api.call('/api/blog/upload', { method: 'POST', body: form })
await api.call(`/api/blog/${imported.data.blogPost.id}`, { method: 'PUT', json: { published: true } })
await api.call('/api/contacts', {
  method: 'POST',
  json: {
    name: 'Ada',
    email: 'ada@example.com',
    message: 'Please call me back about a project.',
    altcha: await fetchProof(a.url),
  },
})
// A delayed and a waiting job in a queue no worker of the stack consumes: they must survive as such.
const redisA = new Redis(process.env.REDIS_URL)
const queueA = new Queue('backup-check', { connection: redisA, prefix: a.env.QUEUE_PREFIX })
await queueA.add('later', { n: 1 }, { delay: 3_600_000 })
await queueA.add('now', { n: 2 })

const paths = await publicUrls(a.url)
const before = await etags(a.url, paths)
const archive = join(dir, 'site.bson.gz')

t.test('backup while the site answers requests', async (t) => {
  let reads = 0
  const failed = []
  let done = false
  const traffic = (async () => {
    while (!done) {
      const path = paths[reads % paths.length]
      const res = await fetch(a.url + path).catch(() => null)
      // As before the backup (the same status; a page's body may come from the copies either way).
      if (`${res?.status}` !== before[path].split(' ')[0]) failed.push(`${path}: ${res?.status}`)
      await res?.arrayBuffer()
      reads++
    }
  })()
  const r = await run('backup.mjs', ['--out', archive, ...scope(idA)])
  done = true
  await traffic
  t.equal(r.code, 0, r.stderr)
  t.equal(r.stdout.trim().split('\n').at(-1), archive, 'prints the archive path')
  t.match(r.stderr, /stack_\w+_content: \d+ collections/, 'names each database')
  t.same(failed, [], `${reads} reads during the backup, none failed`)
})

/**
 * Every document of stack A's databases and every key under its prefix: what a refused restore must
 * leave. Analytics are left out: the site goes on counting this test's own page views (the gateway
 * pushes them to Redis, the contact worker rolls them up every few seconds) while it runs.
 */
const counting = /(^|\.)analytics_|:analytics:/
async function stateOfA() {
  const mongo = new MongoClient(process.env.MONGO_URL)
  await mongo.connect()
  const out = {}
  try {
    for (const db of (await mongo.db().admin().listDatabases()).databases) {
      if (!db.name.startsWith(`stack_${idA}_`)) continue
      for (const c of await mongo.db(db.name).listCollections().toArray()) {
        if (counting.test(c.name)) continue
        out[`${db.name}.${c.name}`] = await mongo.db(db.name).collection(c.name).countDocuments()
      }
    }
  } finally {
    await mongo.close()
  }
  // The keys a backup keeps (no time to live, no sessions): what --drop would have deleted first.
  const keys = (await redisA.keys(`${a.env.QUEUE_PREFIX}:*`)).filter(
    (k) => !/:(sess|user-sess):/.test(k) && !counting.test(k),
  )
  const ttls = await Promise.all(keys.map((k) => redisA.pttl(k)))
  out.redisKeys = ttls.filter((ms) => ms === -1).length
  return out
}

t.test('restore --drop of a cut or corrupted archive changes nothing (issue 45)', async (t) => {
  const bytes = readFileSync(archive)
  const cut = join(dir, 'cut.bson.gz')
  writeFileSync(cut, bytes.subarray(0, Math.floor((bytes.length * 2) / 3)))
  const corrupted = join(dir, 'corrupted.bson.gz')
  const flipped = Buffer.from(bytes)
  // Past the header, in the middle of the deflate stream: gzip's CRC (or inflate) catches it at the end.
  for (let i = 0; i < 64; i++) flipped[Math.floor(flipped.length / 2) + i] ^= 0x5a
  writeFileSync(corrupted, flipped)
  const state = await stateOfA()
  t.ok(Object.values(state).reduce((x, y) => x + y, 0) > 20, 'stack A holds data')
  for (const [name, file] of [
    ['cut to two thirds', cut],
    ['corrupted', corrupted],
  ]) {
    const r = await run('restore.mjs', [file, '--drop', ...scope(idA)])
    t.equal(r.code, 1, `${name}: refused`)
    t.match(r.stderr, /refused: .*(corrupted|truncated|before its trailer)/, `${name}: says why`)
    t.match(r.stderr, /nothing was changed/, `${name}: says the target was not changed`)
    t.notMatch(r.stderr, /dropped/, `${name}: nothing dropped`)
    t.same(await stateOfA(), state, `${name}: every collection and Redis key of stack A as before`)
  }
  t.same(await etags(a.url, paths), before, 'the site answers every public URL exactly as before')
  const [delayed] = await queueA.getDelayed()
  t.same(delayed?.data, { n: 1 }, 'the delayed job is still there')
})

t.test('restore refuses a truncated archive and a target with data', async (t) => {
  const cut = join(dir, 'half.bson.gz')
  const bytes = readFileSync(archive)
  writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)))
  const id = randomBytes(4).toString('hex')
  const r = await run('restore.mjs', [cut, ...scope(id)])
  t.equal(r.code, 1)
  t.match(r.stderr, /unexpected end of file|truncated|before its trailer/)
  const occupied = await run('restore.mjs', [archive, ...scope(idA)])
  t.equal(occupied.code, 3, 'the original stack is not empty')
  t.match(occupied.stderr, /not empty/)
})

t.test('restored into an empty stack, the site is the same', async (t) => {
  const idB = randomBytes(4).toString('hex')
  const r = await run('restore.mjs', [archive, ...scope(idB)])
  t.equal(r.code, 0, r.stderr)
  const b = await startStack({ env, id: idB })
  t.teardown(() => b.stop())
  t.same(await publicUrls(b.url), paths, 'the same public pages')
  t.ok(paths.filter((p) => p.startsWith('/objects/')).length >= 3, 'post images among them')
  t.ok(
    paths.some((p) => p.startsWith('/api/blog/images/')),
    "the imported post's picture among them",
  )
  t.ok(
    paths.some((p) => p.startsWith('/blog/')),
    'post pages among them',
  )
  t.same(await etags(b.url, paths), before, 'every public page and image has the same ETag')

  const bApi = client(b.url, env.PUBLIC_ORIGIN)
  t.equal((await bApi.login('admin', PASSWORD)).status, 200, 'the admin signs in with the same password')
  t.equal((await bApi.call('/api/contacts')).data.total, 1, 'the contact request is there')

  const redisB = new Redis(process.env.REDIS_URL)
  const queueB = new Queue('backup-check', { connection: redisB, prefix: `stack_${idB}` })
  t.teardown(async () => {
    await queueB.close()
    redisB.disconnect()
  })
  const [delayed] = await queueB.getDelayed()
  t.same(delayed?.data, { n: 1 }, 'the delayed job')
  t.ok(delayed.timestamp + delayed.delay > Date.now() + 3_000_000, 'still due in about an hour')
  t.same(
    (await queueB.getWaiting()).map((j) => j.data),
    [{ n: 2 }],
    'the waiting job',
  )
})

t.teardown(async () => {
  await queueA.close()
  redisA.disconnect()
})
