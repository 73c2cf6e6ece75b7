// @tier stack
// Demo content (issue 35, item 2) against a real stack: the choice a first `npm run dev` offers, and
// `npm run seed`. An empty site gets posts in nl/en (some
// de) that page, pages, projects whose pictures load, features and consultation requests, all
// through the APIs as the admin; the chat finds a post; a second run adds nothing.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { root } from '../lib/infra.mjs'
import { startStack } from '../lib/stack.mjs'
import { offerDemoContent } from '../lib/demo-offer.mjs'

const stack = await startStack()
t.teardown(() => stack.stop())
const origin = stack.url
stack.seedAdmin('demo-admin', 'demo password 123')

const seed = (...args) =>
  spawnSync(process.execPath, [join(root, 'scripts/seed.mjs'), '--url', origin, ...args], {
    env: { ...process.env, ADMIN_USERNAME: 'demo-admin', ADMIN_PASSWORD: 'demo password 123' },
    encoding: 'utf8',
  })
const json = async (path) => (await fetch(origin + path)).json()

t.test('bad arguments and a wrong password are one sentence each', async (t) => {
  const bad = seed('--posts', 'many')
  t.equal(bad.status, 2)
  t.match(bad.stdout, '--posts must be a whole number')
  const wrong = spawnSync(process.execPath, [join(root, 'scripts/seed.mjs'), '--url', origin], {
    env: { ...process.env, ADMIN_USERNAME: 'demo-admin', ADMIN_PASSWORD: 'not the password' },
    encoding: 'utf8',
  })
  t.equal(wrong.status, 1)
  t.match(wrong.stdout, "the site refused demo-admin's password")
})

t.test('a first npm run dev on an empty site offers demo content', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-offer-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const env = { ADMIN_USERNAME: 'demo-admin', ADMIN_PASSWORD: 'demo password 123' }
  const said = []
  const offer = (answer, marker) => {
    const output = new PassThrough()
    let asked = ''
    output.on('data', (d) => (asked += d))
    return offerDemoContent({
      origin,
      say: (m) => said.push(m),
      env,
      input: Readable.from([`${answer}\n`]),
      output,
      interactive: true,
      marker: join(dir, marker),
      posts: 14,
    }).then((counts) => ({ counts, asked }))
  }
  const no = await offer('n', 'first')
  t.match(no.asked, 'Add demo content (14 posts', 'the question is asked')
  t.equal(no.counts, undefined, 'no adds nothing')
  t.equal((await offer('y', 'first')).asked, '', 'and is not asked again')
  t.equal((await json('/api/blog?published=true&page=1&pageSize=1')).total, 0)

  const yes = await offer('y', 'second')
  t.same(
    Object.fromEntries(Object.entries(yes.counts).map(([kind, c]) => [kind, c.added])),
    { features: 3, pages: 3, projects: 6, posts: 14, 'contact requests': 4 },
    'yes fills the site',
  )
  t.match(
    said.at(-1),
    /^demo content added in \d+ s: 3 features, 3 pages, 6 projects, 14 posts, 4 contact requests$/,
  )
})

t.test('the demo content is what a visitor sees', async (t) => {
  const list = await json('/api/blog?published=true&page=2&pageSize=5')
  t.equal(list.total, 14, 'every post is published')
  t.equal(list.items.length, 5, 'the list pages')
  const de = await json('/api/blog/slug/demo-3')
  t.ok(de.title_nl && de.title_en && de.title_de, 'every third post is in German too')
  t.notOk((await json('/api/blog/slug/demo-4')).title_de, 'the others in nl and en')

  const projects = await json('/api/projects?page=1&pageSize=50')
  t.equal(projects.total, 6)
  const picture = await fetch(origin + projects.items[0].image_url)
  t.equal(picture.status, 200, 'a project picture loads')
  t.equal(picture.headers.get('content-type'), 'image/jpeg')
  t.ok((await picture.arrayBuffer()).byteLength > 5000, 'and is a picture')
  t.equal((await fetch(origin + de.featured_image)).status, 200, "a post's picture loads")

  t.equal((await fetch(`${origin}/pages/over-ons`)).status, 200, 'a page is served')
  t.match(await (await fetch(`${origin}/blog`)).text(), 'demo', 'the blog lists the posts')
  t.ok((await json('/api/features')).some((f) => f.title_en === 'Fast results'))
})

t.test('the chat finds the demo content', async (t) => {
  const ask = () =>
    fetch(`${origin}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: 'Kunnen jullie facturen automatisch verwerken?',
        sessionId: 'session_1700000000000_seedtest',
        language: 'nl',
      }),
    }).then((r) => r.json())
  let answer
  for (let i = 0; i < 60; i++) {
    answer = await ask()
    if (answer.sources?.some((s) => /factu/i.test(s.title))) break
    await new Promise((r) => setTimeout(r, 1000))
  }
  t.ok(
    answer.sources.some((s) => /factu/i.test(s.title)),
    `sources: ${JSON.stringify(answer.sources)}`,
  )
})

t.test('npm run seed adds nothing twice; more posts adds only the missing ones', async (t) => {
  const again = seed('--posts', '14')
  t.equal(again.status, 0, again.stdout + again.stderr)
  t.match(again.stdout, 'posts: 0 added, 14 there already')
  t.match(again.stdout, 'projects: 0 added, 6 there already')
  t.match(again.stdout, 'pages: 0 added, 3 there already')
  t.match(again.stdout, 'features: 0 added, 3 there already')
  t.match(again.stdout, 'contact requests: 0 added, 4 there already')
  const more = seed('--posts', '16')
  t.match(more.stdout, 'posts: 2 added, 14 there already')
  t.equal((await json('/api/blog?published=true&page=1&pageSize=1')).total, 16)
  t.equal((await json('/api/projects?page=1&pageSize=50')).total, 6)
})
