// @tier services
// A consultation request sent from the chat carries the chat's session id (issue 33): stored with
// the request, shown in the inbox, found from the conversation (?chatSessionId=), and erased with
// the request's personal data. Every inbox write is a change record, named by id only.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'

const SESSION = 'session_1767225600000_k3j9x2m1q'

t.test('the chat session travels with the request and back', async (t) => {
  const h = contactTools(await testApp(contact('cchatlink')))
  t.teardown(() => h.close())
  const cookie = await h.adminCookie()
  const fromChat = (await h.submit(request({ chatSessionId: SESSION }))).json().id as string
  const plain = (await h.submit(request())).json().id as string
  const nulled = await h.submit(request({ chatSessionId: null }))
  t.equal(nulled.statusCode, 201)
  for (const odd of ['abc', 'session_x', { $ne: null }, 42]) {
    const res = await h.submit(request({ chatSessionId: odd }))
    t.ok(
      res.statusCode === 201 || (typeof odd !== 'string' && res.statusCode === 400),
      `an odd chat session id (${JSON.stringify(odd)}) never costs a request silently: ${res.statusCode}`,
    )
    if (res.statusCode === 201)
      t.equal((await h.contacts.findById(res.json().id).lean())?.chatSessionId, null, 'and is not stored')
  }

  const one = (await h.call('GET', `/api/contacts/${fromChat}`, undefined, { cookie })).json()
  t.equal(one.chat_session_id, SESSION)
  t.equal((await h.call('GET', `/api/contacts/${plain}`, undefined, { cookie })).json().chat_session_id, null)

  const linked = await h.call('GET', `/api/contacts?chatSessionId=${SESSION}`, undefined, { cookie })
  t.equal(linked.statusCode, 200)
  t.equal(linked.headers['cache-control'], 'private, no-store')
  t.same(
    linked.json().items.map((i: { id: string }) => i.id),
    [fromChat],
    'the conversation finds the request it led to',
  )
  t.equal(
    (
      await h.call('GET', '/api/contacts?chatSessionId=session_1767225600000_other', undefined, { cookie })
    ).json().total,
    0,
  )
  t.equal((await h.call('GET', `/api/contacts?chatSessionId=${SESSION}`)).statusCode, 401, 'admins only')

  t.equal((await h.call('DELETE', `/api/contacts/${fromChat}`, undefined, { cookie })).statusCode, 204)
  t.equal(
    (await h.contacts.findById(fromChat).lean())?.chatSessionId,
    null,
    'the link is erased with the request',
  )
  t.equal(
    (await h.call('GET', `/api/contacts?chatSessionId=${SESSION}`, undefined, { cookie })).json().total,
    0,
  )
})

t.test('inbox writes are change records (the audit trail), without the visitor’s name', async (t) => {
  const h = contactTools(await testApp(contact('cchanges')))
  t.teardown(() => h.close())
  const cookie = await h.adminCookie()
  const body = request({ name: 'Erika Mustermann' })
  const id = (await h.submit(body)).json().id as string
  t.equal((await h.call('PATCH', `/api/contacts/${id}`, { handled: true }, { cookie })).statusCode, 200)
  t.equal((await h.call('DELETE', `/api/contacts/${id}`, undefined, { cookie })).statusCode, 204)
  t.equal((await h.call('DELETE', `/api/contacts/${id}`, undefined, { cookie })).statusCode, 204)
  const records = await h.app.changes.log.model.find({ kind: 'contact' }).sort({ at: 1 }).lean()
  t.match(
    records.map((r) => [r.action, r.target_id, r.target_label, r.fields, r.actor_name]),
    [
      ['update', id, null, ['handled'], 'admin'],
      ['delete', id, null, [], 'admin'],
    ],
    'one record per write; erasing twice is one erasure',
  )
  t.notMatch(JSON.stringify(records), /Erika|Mustermann|example\.com/, 'nothing personal in the records')
})
