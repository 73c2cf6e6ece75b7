// Scheduled publishing on the whole stack, as a visitor sees it: a post scheduled 5 s ahead is on
// no public answer (list, page, feed) before its moment and on all of them within 1 s after, with
// the blog worker killed and restarted by its supervisor in between (the delayed job is in Redis,
// the post's moment in the database).
import t from 'tap'
import { startStack } from '../helpers/stack.js'
import { adminApi, POST } from '../public/api.js'

const stack = await startStack({ only: ['auth', 'content', 'blog', 'blog-worker', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'schedule-admin', 'a-long-password-for-schedule')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const SLUG = 'scheduled-on-the-stack'
/** The post on each public answer: the list, its page, the Dutch feed. */
async function seen() {
  const [list, page, feed] = await Promise.all([
    fetch(`${stack.url}/api/blog`).then((r) => r.text()),
    fetch(`${stack.url}/blog/${SLUG}`).then((r) => r.status),
    fetch(`${stack.url}/feed.xml`).then((r) => r.text()),
  ])
  return { list: list.includes(SLUG), page: page === 200, feed: feed.includes(`/blog/${SLUG}`) }
}

t.test('absent before its moment, public within 1 s after, across a worker restart', async (t) => {
  const at = new Date(Date.now() + 5000)
  await api.post('/api/blog', {
    ...POST,
    slug: SLUG,
    published: false,
    publish_at: at.toISOString(),
  })
  stack.supervisor.signal('blog-worker', 'SIGKILL') // restarted by the supervisor after 0.5 s
  t.same(await seen(), { list: false, page: false, feed: false }, 'absent after scheduling')
  // The new worker process is up (its probe): the job it runs is the one queued before the kill.
  await sleep(700)
  const ready = `http://127.0.0.1:${stack.ports['blog-worker']}/readyz`
  const upBy = Date.now() + 60000
  while (
    !(await fetch(ready).then(
      (r) => r.ok,
      () => false,
    )) &&
    Date.now() < upBy
  )
    await sleep(100)
  const up = Date.now()
  if (up < at.getTime() - 400) {
    await sleep(at.getTime() - Date.now() - 400)
    t.same(await seen(), { list: false, page: false, feed: false }, 'absent just before its moment')
  }
  // Due at the moment, or (a machine so loaded that the restart took longer) at the worker's start.
  const due = Math.max(at.getTime(), up)
  let first: number | null = null
  while (Date.now() < due + 5000) {
    // When the round began: a visitor asking then got the post (the round's own time is not the scheduler's).
    const asked = Date.now()
    const now = await seen()
    if (now.list && now.page && now.feed) {
      first = asked
      break
    }
    await sleep(50)
  }
  t.ok(first !== null, 'public on the list, its page and the feed')
  const late = (first ?? Infinity) - due
  const when = up < at.getTime() ? 'its moment' : "the restarted worker's start"
  t.ok(late < 1000, `public ${late} ms after ${when}`)
})
