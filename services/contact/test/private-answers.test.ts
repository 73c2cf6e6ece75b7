// @tier services
// The inbox holds personal data: its answers are never stored by a browser or proxy.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'

t.test('GET /api/contacts and /api/contacts/{id} are private, no-store', async (t) => {
  const h = contactTools(await testApp(contact('cprivate')))
  t.teardown(() => h.close())
  const created = await h.submit(request())
  t.equal(created.statusCode, 201)
  const cookie = await h.adminCookie()
  const list = await h.call('GET', '/api/contacts', undefined, { cookie })
  t.equal(list.statusCode, 200)
  t.equal(list.headers['cache-control'], 'private, no-store', 'the inbox list')
  const one = await h.call('GET', `/api/contacts/${created.json().id}`, undefined, { cookie })
  t.equal(one.statusCode, 200)
  t.equal(one.headers['cache-control'], 'private, no-store', 'one request')
  const patched = await h.call('PATCH', `/api/contacts/${created.json().id}`, { handled: true }, { cookie })
  t.equal(patched.statusCode, 200)
  t.equal(patched.headers['cache-control'], 'private, no-store', 'a write answers with the request too')
})
