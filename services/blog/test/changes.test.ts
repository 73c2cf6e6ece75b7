// @tier services
// Every write to posts leaves one change record: an admin's through the API and an import's
// through the worker, each kept with a snapshot (a revision) and announced with its keys.
import t from 'tap'
import { listenForPurges } from '@site/service-kit/testing'
import type { BlogPost } from '@site/contracts'
import { blogApp, multipart } from './helpers.js'

const s = await blogApp({ BLOG_UPLOAD_WAIT_MS: '30000' })
t.teardown(() => s.close())
const purges = await listenForPurges(s.env.REDIS_URL!, s.env.QUEUE_PREFIX!)
t.teardown(purges.close)

const post = {
  title_nl: 'Eerste',
  title_en: 'First',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Tekst</p>',
  content_en: '<p>Text</p>',
}

t.test('create, publish and delete: who, what, and the keys of the post and its lists', async (t) => {
  const created = await s.call('POST', '/api/blog', post, s.admin)
  t.equal(created.statusCode, 201, created.body)
  const { id } = created.json<BlogPost>()
  t.same((await purges.next()).keys, [`post:${id}`, 'posts'])
  t.equal((await s.call('PUT', `/api/blog/${id}`, { published: true }, s.admin)).statusCode, 200)
  t.same((await purges.next()).keys, [`post:${id}`, 'posts'])
  const history = await s.app.changes.log.history('post', id)
  t.same(
    history.map((r) => [r.action, r.actor.name, r.fields]),
    [
      // `languages`: the languages visitors see (issue 47) change with the post's published state.
      ['publish', 'editor', ['languages', 'published']],
      ['create', 'editor', []],
    ],
  )
  t.equal((await s.call('DELETE', `/api/blog/${id}`, undefined, s.admin)).statusCode, 204)
  t.same((await purges.next()).keys, [`post:${id}`, 'posts'])
  const deleted = await s.app.changes.log.model.findOne({ target_id: id, action: 'delete' }).lean()
  t.match(deleted, { target_label: 'Eerste', actor_name: 'editor', revision: false })
})

t.test('only an edit that keeps a post public lets its old pages stand in (stale)', async (t) => {
  const { id } = (await s.call('POST', '/api/blog', { ...post, published: true }, s.admin)).json<BlogPost>()
  t.notOk((await purges.next()).stale, 'a new post')
  await s.call('PUT', `/api/blog/${id}`, { title_nl: 'Nieuwe titel' }, s.admin)
  t.equal((await purges.next()).stale, true, 'a title edit of a published post')
  await s.call('PUT', `/api/blog/${id}`, { published: false }, s.admin)
  t.notOk((await purges.next()).stale, 'an unpublish: never')
  await s.call('PUT', `/api/blog/${id}`, { title_nl: 'Concept' }, s.admin)
  t.notOk((await purges.next()).stale, 'an edit of a draft')
  await s.call('PUT', `/api/blog/${id}`, { published: true }, s.admin)
  t.notOk((await purges.next()).stale, 'a publish')
  await s.call('DELETE', `/api/blog/${id}`, undefined, s.admin)
  t.notOk((await purges.next()).stale, 'a delete: never')
})

t.test('an import is recorded by the worker, with the admin who uploaded the file', async (t) => {
  await s.startWorker()
  const body = multipart(
    {},
    { name: 'notes.txt', type: 'text/plain', data: Buffer.from('Notities\n\nEen tekst.') },
  )
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
  t.equal(res.statusCode, 200, res.body)
  const id = (res.json() as { blogPost: BlogPost }).blogPost.id
  t.same((await purges.next()).keys, [`post:${id}`, 'posts'], 'the worker announced the new post')
  const [record] = await s.app.changes.log.history('post', id)
  t.match(record, { action: 'create', actor: { id: null, name: 'editor (import)' } })
})

t.test(
  'history: every save is a revision, and a restore brings back exactly the earlier fields',
  async (t) => {
    const v1 = (
      await s.call('POST', '/api/blog', { ...post, tags: ['een'], slug: 'history' }, s.admin)
    ).json<BlogPost>()
    const edit = {
      title_nl: 'Tweede',
      content_en: '<p>Changed</p>',
      tags: ['twee'],
      featured_image: '/x.png',
    }
    t.equal((await s.call('PUT', `/api/blog/${v1.id}`, edit, s.admin)).statusCode, 200)
    t.equal((await s.call('PUT', `/api/blog/${v1.id}`, { excerpt_en: 'Other' }, s.admin)).statusCode, 200)

    const list = await s.call('GET', `/api/blog/${v1.id}/revisions`, undefined, s.admin)
    t.equal(list.headers['cache-control'], 'private, no-store')
    const revisions = list.json<{
      items: { id: string; created_at: string; action: string; fields: string[] }[]
    }>().items
    t.same(
      revisions.map((r) => [r.action, r.fields]),
      [
        ['update', ['excerpt_en']],
        ['update', ['content_en', 'featured_image', 'tags', 'title_nl']],
        ['create', []],
      ],
    )
    t.ok(revisions.every((r) => r.id && !Number.isNaN(Date.parse(r.created_at))))
    const first = revisions[2]!.id
    const detail = await s.call('GET', `/api/blog/${v1.id}/revisions/${first}`, undefined, s.admin)
    t.match(detail.json(), { id: first, snapshot: { title_nl: 'Eerste', tags: ['een'] } })

    const restored = await s.call('POST', `/api/blog/${v1.id}/revisions/${first}/restore`, undefined, s.admin)
    t.equal(restored.statusCode, 200, restored.body)
    const now = (await s.call('GET', `/api/blog/${v1.id}`, undefined, s.admin)).json<BlogPost>()
    const { updated_at: _a, ...was } = v1
    const { updated_at: _b, ...is } = now
    t.same(is, was, 'every field as it was saved first')
    const after = (await s.call('GET', `/api/blog/${v1.id}/revisions`, undefined, s.admin)).json<{
      items: { action: string; fields: string[] }[]
    }>().items
    t.same(after[0], { ...after[0], action: 'restore' }, 'the restore is a revision of its own')
    t.same(after[0]!.fields, ['content_en', 'excerpt_en', 'featured_image', 'tags', 'title_nl'])

    t.equal((await s.call('GET', `/api/blog/${v1.id}/revisions`)).statusCode, 401, 'admins only')
    const other = (await s.call('POST', '/api/blog', post, s.admin)).json<BlogPost>()
    const foreign = await s.call(
      'POST',
      `/api/blog/${other.id}/revisions/${first}/restore`,
      undefined,
      s.admin,
    )
    t.equal(foreign.statusCode, 404, "another post's revision is not this post's")
    t.equal((await s.call('GET', `/api/blog/${v1.id}/revisions/nope`, undefined, s.admin)).statusCode, 404)
    t.equal(
      (await s.call('GET', '/api/blog/000000000000000000000000/revisions', undefined, s.admin)).statusCode,
      404,
    )
  },
)

t.test(
  'restoring the "publish" revision of a post taken off the site leaves it off (issue 45)',
  async (t) => {
    const { id } = (await s.call('POST', '/api/blog', { ...post, slug: 'moment' }, s.admin)).json<BlogPost>()
    await s.call('PUT', `/api/blog/${id}`, { published: true }, s.admin)
    await s.call('PUT', `/api/blog/${id}`, { published: false, title_en: 'Off again' }, s.admin)
    const history = await s.app.changes.log.history('post', id)
    const publish = history.find((r) => r.action === 'publish')!
    const res = await s.call('POST', `/api/blog/${id}/revisions/${publish.id}/restore`, undefined, s.admin)
    t.equal(res.statusCode, 200, res.body)
    t.match(
      res.json(),
      { published: false, title_en: 'First' },
      'the content comes back, the post stays a draft',
    )
    t.equal((await s.call('GET', '/api/blog/slug/moment')).statusCode, 404, 'not on the site')
  },
)
