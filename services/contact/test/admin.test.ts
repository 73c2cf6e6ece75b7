// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'
import { startSmtp } from './helpers/smtp.js'

t.test('the inbox is for admins only', async (t) => {
  const h = contactTools(await testApp(contact('cadminauth')))
  t.teardown(() => h.close())
  const id = (await h.submit(request())).json().id as string
  for (const [method, url, body] of [
    ['GET', '/api/contacts'],
    ['GET', `/api/contacts/${id}`],
    ['PATCH', `/api/contacts/${id}`, { handled: true }],
    ['DELETE', `/api/contacts/${id}`],
  ] as const) {
    const res = await h.call(method, url, body)
    t.equal(res.statusCode, 401, `${method} ${url}`)
    t.match(res.json(), { statusCode: 401, message: 'Please sign in as an administrator.' })
  }
  const forged = await h.call('GET', '/api/contacts', undefined, { cookie: 'sid=forged.value' })
  t.equal(forged.statusCode, 401, 'a forged cookie is nobody')
  t.equal((await h.contacts.findById(id).lean())?.handled, false)
})

t.test('list newest first and paged, read one, mark handled', async (t) => {
  const h = contactTools(await testApp(contact('cinbox')))
  t.teardown(() => h.close())
  const cookie = await h.adminCookie()
  const ids: string[] = []
  for (let i = 0; i < 5; i++) ids.push((await h.submit(request({ company: `Company ${i}` }))).json().id)
  const page1 = (await h.call('GET', '/api/contacts?page=1&pageSize=2', undefined, { cookie })).json()
  t.equal(page1.total, 5)
  t.same(
    page1.items.map((i: { id: string }) => i.id),
    [ids[4], ids[3]],
    'newest first',
  )
  t.equal(page1.page, 1)
  t.equal(page1.pageSize, 2)
  const page3 = (await h.call('GET', '/api/contacts?page=3&pageSize=2', undefined, { cookie })).json()
  t.same(
    page3.items.map((i: { id: string }) => i.id),
    [ids[0]],
  )
  t.equal(
    (await h.call('GET', '/api/contacts?pageSize=51', undefined, { cookie })).statusCode,
    400,
    'page size is bounded by the paging contract',
  )
  t.equal(
    (await h.call('GET', '/api/contacts?pageSize=50', undefined, { cookie })).headers['cache-control'],
    'private, no-store',
  )

  const one = await h.call('GET', `/api/contacts/${ids[2]}`, undefined, { cookie })
  t.equal(one.statusCode, 200)
  t.match(one.json(), {
    id: ids[2],
    company: 'Company 2',
    handled: false,
    handled_at: null,
    language: 'nl',
    notification: { status: 'pending', sentAt: null, lastError: null },
  })
  t.match(one.json().created_at, /^\d{4}-\d\d-\d\dT/)

  const patched = await h.call('PATCH', `/api/contacts/${ids[2]}`, { handled: true }, { cookie })
  t.equal(patched.statusCode, 200)
  t.equal(patched.json().handled, true)
  t.ok(patched.json().handled_at)
  const open = (await h.call('GET', '/api/contacts?handled=false', undefined, { cookie })).json()
  t.equal(open.total, 4, 'filter by handled')
  t.equal(
    (await h.call('PATCH', `/api/contacts/${ids[2]}`, { handled: 'maybe' }, { cookie })).statusCode,
    400,
  )
  t.equal(
    (await h.call('GET', '/api/contacts/000000000000000000000000', undefined, { cookie })).statusCode,
    404,
  )
  const bad = await h.call('GET', '/api/contacts/not-an-id', undefined, { cookie })
  t.equal(bad.statusCode, 404)
  t.equal(bad.json().message, 'Contact request not found')
  const csrf = await h.call(
    'PATCH',
    `/api/contacts/${ids[1]}`,
    { handled: true },
    { cookie, origin: 'https://evil.example' },
  )
  t.equal(csrf.statusCode, 403, 'a cross-site write with the admin cookie is refused')
})

t.test('erasure removes the personal data, keeps a tombstone and stops unsent mail', async (t) => {
  const smtp = await startSmtp()
  const h = contactTools(await testApp(contact('cerase', { smtpUrl: smtp.url })))
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
  })
  const cookie = await h.adminCookie()
  const body = request({ phone: '0201234567', company: 'Secret BV' })
  const id = (await h.submit(body)).json().id as string
  const del = await h.call('DELETE', `/api/contacts/${id}`, undefined, { cookie })
  t.equal(del.statusCode, 204)
  const raw = await h.contacts.findById(id).lean()
  t.ok(raw, 'a record of the deletion stays')
  t.ok(raw?.erasedAt)
  t.notOk(raw?.name || raw?.email || raw?.phone || raw?.company || raw?.message, 'no personal data left')
  t.notMatch(
    JSON.stringify(raw),
    /Secret BV|0201234567|@example\.com/,
    'nothing personal anywhere in the document',
  )
  t.equal(raw?.notification?.status, 'cancelled')
  t.equal((await h.call('GET', `/api/contacts/${id}`, undefined, { cookie })).statusCode, 404)
  t.equal((await h.call('GET', '/api/contacts', undefined, { cookie })).json().total, 0, 'not listed')
  t.equal(
    (await h.call('DELETE', `/api/contacts/${id}`, undefined, { cookie })).statusCode,
    204,
    'erasing twice is fine',
  )
  t.equal(
    (await h.call('DELETE', '/api/contacts/000000000000000000000000', undefined, { cookie })).statusCode,
    404,
  )

  // The worker starts after the erasure: the queued job must not mail anything.
  const later = (await h.submit(request())).json().id as string
  await h.startWorker()
  await smtp.waitFor(2)
  await h.until(
    () => h.contacts.findById(later).lean(),
    (d) => d?.notification?.status === 'sent',
  )
  t.equal(smtp.mails.length, 2, 'only the live request was mailed')
  t.notOk(smtp.mails.some((m) => m.text.includes('Secret BV')))
  const again = await h.submit(body)
  t.not(again.json().id, id, 'a resend after erasure is a new request, not collapsed into the erased one')
})
