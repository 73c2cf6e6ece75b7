// @tier stack
// The embedded database is kept running like the services (issue 44): kill -9 FerretDB, and then
// the PostgreSQL under it, while 8 writers create posts through the gateway. Each time the site
// takes writes again within 10 s, with no restart of any service, and every post that was answered
// 201 is in the database at the end. The time to the first write after each kill is printed.
// Heavy (a stack and its own database): run it under the shared lock.
import t from 'tap'
import { MongoClient, ObjectId } from 'mongodb'
import { ensureInfra } from '../lib/infra.mjs'
import { startStack } from '../lib/stack.mjs'
import { adminHeaders, BENCH_STACK_ENV } from '../../bench/lib/stack.mjs'

const WRITERS = 8
const SERVING_AGAIN_MS = 10_000
t.setTimeout(600_000)

const env = { ...process.env, INFRA: 'embedded' }
delete env.MONGO_URL
const infra = await ensureInfra({ name: 'db-kill', env, fresh: true, log: (m) => t.comment(m) })
t.teardown(() => infra.stop())
const stack = await startStack({
  env: { ...BENCH_STACK_ENV, MONGO_URL: infra.mongoUrl },
  only: ['gateway', 'auth', 'blog'],
})
t.teardown(() => stack.stop())
const headers = await adminHeaders(stack)

/** Acknowledged posts (answered 201) by id; every write's answer and when it came. */
const acknowledged = new Set()
const answers = []
let running = true
let firstRefusal = null
let n = 0
async function writer() {
  while (running) {
    const i = n++
    const at = Date.now()
    const res = await fetch(`${stack.url}/api/blog`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title_nl: `Kill ${i}`,
        title_en: `Kill ${i}`,
        excerpt_nl: 'Kort',
        excerpt_en: 'Short',
        content_nl: `<p>Tekst ${i}</p>`,
        content_en: `<p>Text ${i}</p>`,
        published: true,
      }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null)
    const status = res?.status ?? 0
    if (status === 201) acknowledged.add((await res.json()).id)
    else {
      const text = await res?.text().catch(() => '')
      if (status >= 400 && status < 500 && !firstRefusal) firstRefusal = `${status} ${text}`
    }
    answers.push({ at, done: Date.now(), status })
    if (status !== 201) await new Promise((r) => setTimeout(r, 100))
  }
}
const writers = Array.from({ length: WRITERS }, writer)
t.teardown(() => {
  running = false
})

const statuses = (list) =>
  JSON.stringify(list.reduce((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {}))

/** Kills the process, then waits for the first write sent after the kill to be answered 201. */
async function killAndRecover(t, what, keeper) {
  const settle = Date.now() + 30_000
  const from = acknowledged.size
  while (acknowledged.size < from + 10 && Date.now() < settle) await new Promise((r) => setTimeout(r, 100))
  t.ok(
    acknowledged.size >= from + 10,
    `writes are acknowledged before ${what} is killed (${statuses(answers)}; first refusal: ${firstRefusal})`,
  )
  const killedAt = Date.now()
  process.kill(keeper.child().pid, 'SIGKILL')
  const end = killedAt + 60_000
  let back = null
  while (!back && Date.now() < end) {
    back = answers.find((a) => a.at > killedAt && a.status === 201)
    await new Promise((r) => setTimeout(r, 50))
  }
  const failed = answers.filter((a) => a.at > killedAt && a.status !== 201)
  const ms = back ? back.done - killedAt : null
  t.comment(`${what} killed: first acknowledged write after ${ms} ms; refused meanwhile: ${statuses(failed)}`)
  t.ok(back, `writes are acknowledged again after ${what} was killed`)
  t.ok(ms !== null && ms <= SERVING_AGAIN_MS, `within ${SERVING_AGAIN_MS / 1000} s (took ${ms} ms)`)
  t.equal(keeper.restarts(), 1, `${what} was started again once`)
  t.ok(
    failed.every((a) => a.status === 503 || a.status === 0 || a.status === 504),
    `refusals are 503s (${statuses(failed)})`,
  )
  await new Promise((r) => setTimeout(r, 2000))
}

t.test('FerretDB killed under writes', (t) => killAndRecover(t, 'FerretDB', infra.embedded.ferretdb))
t.test('PostgreSQL killed under writes', (t) => killAndRecover(t, 'PostgreSQL', infra.embedded.postgres))

t.test('every acknowledged write is in the database', async (t) => {
  running = false
  await Promise.all(writers)
  t.ok(acknowledged.size > 20, `${acknowledged.size} posts acknowledged`)
  const client = await MongoClient.connect(infra.mongoUrl)
  t.teardown(() => client.close())
  const posts = client
    .db(`stack_${stack.env.QUEUE_PREFIX.replace(/^stack_/, '')}_blog`)
    .collection('blog_posts')
  const missing = []
  for (const id of acknowledged) if (!(await posts.findOne({ _id: new ObjectId(id) }))) missing.push(id)
  t.same(missing, [], 'no acknowledged post is missing')
})
