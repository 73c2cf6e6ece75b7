// @tier services
// Every admin write of the content service leaves one change record: kept in its own database
// (with a snapshot: a revision), announced with the surrogate keys it touches.
import t from 'tap'
import { listenForPurges, testApp } from '@site/service-kit/testing'
import type { Feature, Page, Project, SiteContent } from '@site/contracts'
import { content } from './helpers.js'

const page = {
  slug: 'over',
  title_nl: 'Over ons',
  title_en: 'About us',
  content_nl: '<p>Hallo</p>',
  content_en: '<p>Hello</p>',
}

t.test('page, project, feature and content writes are recorded and announced', async (t) => {
  const { app, call, admin, env } = await testApp({ ...content, t, adminUser: { id: 'u-7', username: 'ed' } })
  const purges = await listenForPurges(env.REDIS_URL!, env.QUEUE_PREFIX!)
  t.teardown(purges.close)

  const created = (await call('POST', '/api/pages', page, admin)).json<Page>()
  t.same((await purges.next()).keys, [`page:${created.id}`, 'pages'])
  const updated = await call('PUT', `/api/pages/${created.id}`, { ...page, title_en: 'Who we are' }, admin)
  t.equal(updated.statusCode, 200)
  t.same((await purges.next()).keys, [`page:${created.id}`, 'pages'])
  const history = await app.changes.log.history('page', created.id)
  t.same(
    history.map((r) => [r.action, r.actor, r.fields]),
    [
      ['update', { id: 'u-7', name: 'ed' }, ['title_en']],
      ['create', { id: 'u-7', name: 'ed' }, []],
    ],
    'who changed which field, newest first',
  )
  const first = await app.changes.log.revision('page', created.id, history[1]!.id)
  t.equal(first?.snapshot.title_en, 'About us', 'the first revision keeps the text as created')

  const project = (
    await call('POST', '/api/projects', { title: 'Robot', description: 'Een robot' }, admin)
  ).json<Project>()
  t.same((await purges.next()).keys, [`project:${project.id}`, 'projects'])
  t.equal((await call('DELETE', `/api/projects/${project.id}`, undefined, admin)).statusCode, 204)
  t.same((await purges.next()).keys, [`project:${project.id}`, 'projects'])

  const feature = (
    await call(
      'POST',
      '/api/features',
      { icon: '*', title_nl: 'Snel', title_en: 'Fast', description_nl: 'Snel.', description_en: 'Fast.' },
      admin,
    )
  ).json<Feature>()
  t.same((await purges.next()).keys, ['features'])
  await call('PUT', '/api/features/order', { ids: [feature.id] }, admin)
  t.same((await purges.next()).keys, ['features'], 'a reorder too')

  const site = (await call('GET', '/api/content')).json<SiteContent>()
  const saved = await call(
    'POST',
    '/api/content',
    { ...site, title_nl: 'Nieuw', id: undefined, updated_at: undefined },
    admin,
  )
  t.equal(saved.statusCode, 200, saved.body)
  t.same((await purges.next()).keys, ['content'])
  const contentHistory = await app.changes.log.history('content', site.id)
  t.same(
    contentHistory.map((r) => r.action),
    ['update', 'baseline'],
    'the seeded content had no history: its state before the first edit is kept',
  )
  const records = await app.changes.log.model.find({ kind: 'page' }).lean()
  t.ok(
    records.every((r) => r.relayed && r.ip),
    'announced, with the client address',
  )
})

t.test('pages and the site content: restore a revision', async (t) => {
  const { call, admin } = await testApp({ ...content, t })
  const created = (await call('POST', '/api/pages', { ...page, slug: 'team' }, admin)).json<Page>()
  await call('PUT', `/api/pages/${created.id}`, { ...page, slug: 'ons-team', title_nl: 'Het team' }, admin)
  const [, first] = (await call('GET', `/api/pages/${created.id}/revisions`, undefined, admin)).json<{
    items: { id: string }[]
  }>().items
  const restored = await call(
    'POST',
    `/api/pages/${created.id}/revisions/${first!.id}/restore`,
    undefined,
    admin,
  )
  t.equal(restored.statusCode, 200, restored.body)
  t.match(restored.json(), { slug: 'team', title_nl: 'Over ons' }, 'the old slug and title are back')

  const site = (await call('GET', '/api/content')).json<SiteContent>()
  const { id: _id, updated_at: _u, ...input } = site
  await call('POST', '/api/content', { ...input, title_en: 'Changed' }, admin)
  const history = (await call('GET', '/api/content/revisions', undefined, admin)).json<{
    items: { id: string; action: string }[]
  }>().items
  t.same(
    history.map((r) => r.action),
    ['update', 'baseline'],
  )
  const back = await call('POST', `/api/content/revisions/${history[1]!.id}/restore`, undefined, admin)
  t.equal(back.json<SiteContent>().title_en, site.title_en, 'the seeded text is back')
})
