// Idle CPU of the whole stack at a number of posts (issue 44: at most 3 % of one core at 10,000):
// starts the stack on the embedded database as `npm start` does, writes the posts straight into
// the blog's database (realistic ones, bench/scale/posts.mjs; far faster than the API, which
// bench/posts/run.mjs measures), restarts the chat so it reads them all, waits until everything
// settled, then reads every process's CPU ticks from /proc over `--idle` seconds and its RSS.
// Usage: node bench/posts/idle.mjs [--posts 10000 --idle 30] → JSON on stdout. Needs a quiet machine
// for figures; run it under the heavy-tests lock on a shared one.
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { Redis } from 'ioredis'
import { MongoClient, ObjectId } from 'mongodb'
import { ensureInfra } from '../../scripts/lib/infra.mjs'
import { BENCH_STACK_ENV } from '../lib/stack.mjs'
import { makePost } from '../scale/posts.mjs'
import { idleCpuOf, manifestLimits, processesOf, rssOf, settleOf } from './procs.mjs'

const { values: args } = parseArgs({
  options: { posts: { type: 'string', default: '10000' }, idle: { type: 'string', default: '30' } },
})
const POSTS = Number(args.posts)
const log = (m) => process.stderr.write(`[bench:idle-posts] ${new Date().toISOString().slice(11, 19)} ${m}\n`)

const infra = await ensureInfra({ name: 'bench-idle', log, fresh: true })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')

let stack
try {
  stack = await startStack({ env: BENCH_STACK_ENV, startTimeoutMs: 600_000 })
  const processes = (s) => processesOf(s, infra)
  const prefix = stack.env.QUEUE_PREFIX
  const t0 = Date.now()
  const client = await MongoClient.connect(infra.mongoUrl)
  const posts = client.db(`${prefix}_blog`).collection('blog_posts')
  for (let i = 0; i < POSTS; i += 500) {
    const at = (k) => new Date(Date.UTC(2024, 0, 1) + k * 60_000)
    const docs = []
    for (let k = i; k < Math.min(POSTS, i + 500); k++)
      docs.push({ _id: new ObjectId(), ...makePost(k), created_at: at(k), updated_at: at(k) })
    await posts.insertMany(docs)
  }
  await client.close()
  log(`${POSTS} posts written in ${Math.round((Date.now() - t0) / 1000)} s`)
  // Written past the API: the lists' order is built again by its first reader, and the chat,
  // killed, is started again by the supervisor and reads every post once, as after a deploy.
  const redis = new Redis(infra.redisUrl)
  const keys = await redis.keys(`${prefix}:listing:*`)
  if (keys.length) await redis.del(...keys)
  redis.disconnect()
  await fetch(`${stack.url}/api/blog?pageSize=12`)
  process.kill(stack.supervisor.entries.find((e) => e.spec.name === 'chat').child.pid, 'SIGKILL')
  await new Promise((r) => setTimeout(r, 3000))
  log('waiting until the stack settles (the chat reads every post once)')
  const settleSeconds = await settleOf(processes, stack, 600_000)
  const idle = await idleCpuOf(processes, stack, Number(args.idle))
  const rss = rssOf(processes(stack))
  const limits = manifestLimits()
  const over = Object.entries(rss).filter(([n, mb]) => limits[n] && mb > limits[n])
  console.log(
    JSON.stringify(
      {
        posts: POSTS,
        settleSeconds,
        idle,
        rssMb: rss,
        overLimit: Object.fromEntries(over.map(([n, mb]) => [n, { rssMb: mb, limitMb: limits[n] }])),
        loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
        database: infra.mongoKind,
      },
      null,
      2,
    ),
  )
} finally {
  await stack?.stop()
  await infra.stop()
}
