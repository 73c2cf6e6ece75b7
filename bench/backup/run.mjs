// Backup and restore of a site of N published posts, each with an image of its own (issue 34):
// fills a stack through its gateway, times `npm run backup` against it (archive size, raw and
// gzip), times `npm run restore` into empty databases, starts a second stack on them and compares
// every public page's and image's ETag with the original's.
// Prints JSON and writes bench/results/backup.json.
// Usage: node bench/backup/run.mjs [--posts 1000]   (npm run bench:backup; after npm run build)
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import Redis from 'ioredis'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'
import { startStack } from '../../scripts/lib/stack.mjs'
import { addPost, client, etags, publicUrls } from '../../scripts/test/lib/site-content.mjs'

const { values } = parseArgs({ options: { posts: { type: 'string', default: '1000' } } })
const posts = Number(values.posts)
const log = (m) => process.stderr.write(`${m}\n`)
const seconds = (t0) => Math.round((performance.now() - t0) / 100) / 10
const env = {
  PUBLIC_ORIGIN: 'https://bench.example',
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_SENSITIVE_PER_MINUTE: '1000000',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
}

/**
 * Wait until no BullMQ job of the stack is waiting, active or prioritized, twice in a row. The fill
 * ends when the last upload answers, while its image variants are still queued: a backup taken
 * then holds those jobs, and the restored site would render the newest posts without their
 * variants until it has worked them off (seen: / and /blog answered another ETag at first).
 */
async function queuesAtRest(prefix) {
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true })
  await redis.connect()
  try {
    for (let quiet = 0, tries = 0; quiet < 2; tries++) {
      if (tries > 600) throw new Error(`the queues under ${prefix} did not come to rest in 10 min`)
      const keys = []
      for (const suffix of ['wait', 'active', 'prioritized'])
        for await (const found of redis.scanStream({ match: `${prefix}:*:${suffix}`, count: 1000 }))
          keys.push(...found.map((k) => [k, suffix]))
      let busy = 0
      for (const [key, suffix] of keys)
        busy += suffix === 'prioritized' ? await redis.zcard(key) : await redis.llen(key)
      quiet = busy === 0 ? quiet + 1 : 0
      await new Promise((r) => setTimeout(r, 1000))
    }
  } finally {
    redis.disconnect()
  }
}

function run(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', script), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}`)),
    )
  })
}
const scope = (prefix) => ['--databases', `${prefix}_{service}`, '--prefix', prefix]

const infra = await ensureInfra({ name: 'bench', log, fresh: true })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const dir = mkdtempSync(join(tmpdir(), 'bench-backup-'))
const stacks = []
try {
  const a = await startStack({ env })
  stacks.push(a)
  a.seedAdmin('admin', 'bench password 123')
  const api = client(a.url, env.PUBLIC_ORIGIN)
  await api.login('admin', 'bench password 123')
  let t0 = performance.now()
  let next = 0
  const worker = async () => {
    while (next < posts) {
      const i = next++
      await addPost(api, i)
      if ((i + 1) % 100 === 0) log(`${i + 1} posts`)
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  const fillS = seconds(t0)
  await queuesAtRest(a.env.QUEUE_PREFIX)

  const archive = join(dir, 'site.bson.gz')
  t0 = performance.now()
  await run('backup.mjs', ['--out', archive, ...scope(a.env.QUEUE_PREFIX)])
  const backupS = seconds(t0)
  const paths = await publicUrls(a.url)
  const before = await etags(a.url, paths)

  const idB = randomBytes(4).toString('hex')
  t0 = performance.now()
  await run('restore.mjs', [archive, ...scope(`stack_${idB}`)])
  const restoreS = seconds(t0)
  const b = await startStack({ env, id: idB })
  stacks.push(b)
  const after = await etags(b.url, paths)
  const differing = paths.filter((p) => before[p] !== after[p])
  // What differs, to read: the first few differing paths as each stack answers them now.
  const diffDir = join(root, '.data/bench/backup-diff')
  mkdirSync(diffDir, { recursive: true })
  for (const [n, path] of differing.slice(0, 3).entries())
    for (const [name, stack, first] of [
      ['original', a, before],
      ['restored', b, after],
    ]) {
      const res = await fetch(stack.url + path, { headers: { 'accept-encoding': 'identity' } })
      const head = `${path}: now ${res.status} ${res.headers.get('etag')}, at first ${first[path]}`
      writeFileSync(join(diffDir, `${n}-${name}.txt`), `${head}\n${await res.text()}`)
    }

  const result = {
    posts,
    fill_s: fillS,
    backup_s: backupS,
    archive_bytes: statSync(archive).size,
    restore_s: restoreS,
    public_urls: paths.length,
    images: paths.filter((p) => p.startsWith('/objects/')).length,
    etags_differing: differing.length,
    example_differing: differing.slice(0, 5),
    mongo: infra.mongoKind,
    machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Math.round(l * 100) / 100) },
  }
  console.log(JSON.stringify(result, null, 2))
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(join(root, 'bench/results/backup.json'), `${JSON.stringify(result, null, 2)}\n`)
  if (differing.length) process.exitCode = 1
} finally {
  for (const s of stacks) await s.stop()
  await infra.stop()
  rmSync(dir, { recursive: true, force: true })
}
