// @tier stack
// Scheduled publishing on the whole stack, as a visitor sees it: a post scheduled 5 s ahead is on
// no public answer (list, page, feed) before its moment and on all of them within 5 s after, with
// the blog worker killed and restarted by its supervisor in between (the delayed job is in Redis,
// the post's moment in the database); a page the same (the list, its page, the sitemap) with the
// content worker killed in between.
import t, { type Test } from 'tap'
import { firstSeen } from '@site/service-kit/testing'
import { startStack } from '../helpers/stack.js'
import { adminApi, PAGE, POST } from '../public/api.js'

const stack = await startStack({
  only: ['auth', 'content', 'content-worker', 'blog', 'blog-worker', 'web', 'gateway'],
})
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'schedule-admin', 'a-long-password-for-schedule')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const text = (path: string) => fetch(`${stack.url}${path}`).then((r) => r.text())
const status = (path: string) => fetch(`${stack.url}${path}`).then((r) => r.status)

type Checks = Record<string, () => Promise<boolean>>
const POST_SLUG = 'scheduled-on-the-stack'
/** The post on each public answer: the list, its page, the Dutch feed. */
const postChecks: Checks = {
  list: async () => (await text('/api/blog')).includes(POST_SLUG),
  page: async () => (await status(`/blog/${POST_SLUG}`)) === 200,
  feed: async () => (await text('/feed.xml')).includes(`/blog/${POST_SLUG}`),
}
const PAGE_SLUG = 'scheduled-page-on-the-stack'
/** The page on each public answer: the list, its page, the pages' sitemap. */
const pageChecks: Checks = {
  list: async () => (await text('/api/pages')).includes(PAGE_SLUG),
  page: async () => (await status(`/pages/${PAGE_SLUG}`)) === 200,
  sitemap: async () => (await text('/sitemap-pages.xml')).includes(`/pages/${PAGE_SLUG}`),
}
const seen = async (checks: Checks) =>
  Object.fromEntries(await Promise.all(Object.entries(checks).map(async ([k, f]) => [k, await f()])))

/**
 * Kills `worker` right after the schedule was saved and holds the public answers (`checks`) to:
 * absent after the kill, absent just before the moment, and all there within 5 s of the moment or
 * of the restarted worker being ready, whichever is later (no worker runs before then: on a loaded
 * machine the restart may outlast the 5 s); how late is printed. Every assertion runs every time.
 */
async function acrossRestart(t: Test, worker: string, at: Date, checks: Checks) {
  stack.supervisor.signal(worker, 'SIGKILL') // restarted by the supervisor after 0.5 s
  const absent = (v: object) => Object.values(v).every((x) => x === false)
  t.ok(absent(await seen(checks)), 'absent after scheduling')
  // The new worker process is up (its probe): the job it runs is the one queued before the kill.
  // Watched from now on, beside the check before the moment, so neither waits for the other.
  const ready = `http://127.0.0.1:${stack.ports[worker]}/readyz`
  const probe = () =>
    fetch(ready).then(
      (r) => r.ok,
      () => false,
    )
  const up = sleep(700).then(() => firstSeen(probe, 60000, 100))
  // Nothing acts before the moment, whether the new worker is up by then or not: asked 400 ms
  // before it (at once if that has passed: the answers are still asked before anything can act).
  await sleep(at.getTime() - Date.now() - 400)
  const before = Date.now()
  const early = await seen(checks)
  t.ok(absent(early), `absent just before its moment (asked ${at.getTime() - before} ms before it)`)
  const upAt = await up
  t.ok(upAt !== null, `${worker} restarted`)
  // Each answer polled on its own, so a slow answer (a page rendered on a loaded machine) does not
  // delay noticing the others: when each was first seen, and the latest of those.
  const due = Math.max(at.getTime(), upAt ?? Infinity)
  const firsts = await Promise.all(Object.values(checks).map((f) => firstSeen(f, due + 5000 - Date.now())))
  const first = firsts.includes(null) ? null : Math.max(...(firsts as number[]))
  t.ok(first !== null, `public on every answer: ${JSON.stringify(await seen(checks))}`)
  // How late is said, not asserted: a wall-clock bound here failed a loaded CI (1,055 ms at load 8)
  // while the design held. The "within 1 s" promise is held where time is an input: the services
  // tier checks each job is due at its moment and public as soon as it runs (services/*/test/
  // schedule.test.ts); bench/posts measures edit-to-public on a quiet machine.
  const after = upAt !== null && upAt > at.getTime() ? 'the restarted worker was ready' : 'its moment'
  t.comment(`public ${first === null ? 'never' : `${first - due} ms`} after ${after}`)
}

t.test('a post: absent before its moment, public after it, across a worker restart', async (t) => {
  const at = new Date(Date.now() + 5000)
  await api.post('/api/blog', { ...POST, slug: POST_SLUG, published: false, publish_at: at.toISOString() })
  await acrossRestart(t, 'blog-worker', at, postChecks)
})

t.test('a page: the same on its page, the list and the sitemap, across a worker restart', async (t) => {
  // A visitor's reads before: the caches hold the answers without the page.
  t.same(await seen(pageChecks), { list: false, page: false, sitemap: false })
  const at = new Date(Date.now() + 5000)
  await api.post('/api/pages', { ...PAGE, slug: PAGE_SLUG, published: false, publish_at: at.toISOString() })
  await acrossRestart(t, 'content-worker', at, pageChecks)
})
