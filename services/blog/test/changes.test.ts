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
      ['publish', 'editor', ['published']],
      ['create', 'editor', []],
    ],
  )
  t.equal((await s.call('DELETE', `/api/blog/${id}`, undefined, s.admin)).statusCode, 204)
  t.same((await purges.next()).keys, [`post:${id}`, 'posts'])
  const deleted = await s.app.changes.log.model.findOne({ target_id: id, action: 'delete' }).lean()
  t.match(deleted, { target_label: 'Eerste', actor_name: 'editor', revision: false })
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
