// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import type { Feature } from '@site/contracts'
import { DEFAULT_FEATURES } from '../src/seed-data.js'
import { content, text } from './helpers.js'

const feature = (n: string) => ({
  icon: '🚀',
  title_nl: `Titel ${n}`,
  title_en: `Title ${n}`,
  description_nl: `Beschrijving ${n}`,
  description_en: `Description ${n}`,
})

t.test('features: anonymous reads, admin writes, order appended and changed', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const list = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/features' })
    t.equal(res.statusCode, 200)
    return res.json<Feature[]>()
  }
  const seeded = await list()
  t.equal(seeded.length, DEFAULT_FEATURES.length, 'a fresh install has the default features')
  t.same(
    seeded.map((f) => f.sort_order),
    [0, 1, 2, 3],
  )

  for (const [method, url] of [
    ['POST', '/api/features'],
    ['PUT', `/api/features/${seeded[0]!.id}`],
    ['DELETE', `/api/features/${seeded[0]!.id}`],
    ['PUT', '/api/features/order'],
  ] as const) {
    const res = await app.inject({ method, url, payload: method === 'DELETE' ? undefined : feature('x') })
    t.equal(res.statusCode, 401, `anonymous ${method} ${url}`)
  }

  // The position is the server's (only documented fields are writable).
  const positioned = await app.inject({
    method: 'POST',
    url: '/api/features',
    headers: admin,
    payload: { ...feature('A'), sort_order: 0 },
  })
  t.equal(positioned.statusCode, 400)
  t.equal(positioned.json().message, '"sort_order" is not a field that can be set here.')
  const created = await app.inject({
    method: 'POST',
    url: '/api/features',
    headers: admin,
    payload: feature('A'),
  })
  t.equal(created.statusCode, 201)
  const a = created.json<Feature>()
  t.equal(a.sort_order, 4, 'the server appends at the end')
  t.equal(a.title_de, null)
  const b = (
    await app.inject({
      method: 'POST',
      url: '/api/features',
      headers: admin,
      payload: { ...feature('B'), title_de: 'Titel B', description_de: 'Beschreibung B' },
    })
  ).json<Feature>()
  t.equal(b.sort_order, 5)
  t.equal(b.title_de, 'Titel B')

  const updated = await app.inject({
    method: 'PUT',
    url: `/api/features/${a.id}`,
    headers: admin,
    payload: { ...feature('A2'), icon: '★' },
  })
  t.equal(updated.statusCode, 200)
  t.equal(updated.json().title_en, 'Title A2')
  t.equal(updated.json().sort_order, 4, 'an update keeps the position')

  // Reorder: B first, then A; the others (not listed) keep their order after them.
  const reordered = await app.inject({
    method: 'PUT',
    url: '/api/features/order',
    headers: admin,
    payload: { ids: [b.id, a.id] },
  })
  t.equal(reordered.statusCode, 200)
  const ids = reordered.json<Feature[]>().map((f) => f.id)
  t.same(ids, [b.id, a.id, ...seeded.map((f) => f.id)])
  t.same(
    (await list()).map((f) => f.id),
    ids,
    'the public list shows the new order at once',
  )
  const full = [...ids].reverse()
  await app.inject({ method: 'PUT', url: '/api/features/order', headers: admin, payload: { ids: full } })
  t.same(
    (await list()).map((f) => f.id),
    full,
  )
  t.same(
    (await list()).map((f) => f.sort_order),
    [0, 1, 2, 3, 4, 5],
  )

  const dup = await app.inject({
    method: 'PUT',
    url: '/api/features/order',
    headers: admin,
    payload: { ids: [a.id, a.id] },
  })
  t.equal(dup.statusCode, 400)
  const unknown = await app.inject({
    method: 'PUT',
    url: '/api/features/order',
    headers: admin,
    payload: { ids: ['0123456789abcdef01234567'] },
  })
  t.equal(unknown.statusCode, 404)

  const del = await app.inject({ method: 'DELETE', url: `/api/features/${a.id}`, headers: admin })
  t.equal(del.statusCode, 204)
  t.notOk((await list()).some((f) => f.id === a.id))
  const again = await app.inject({ method: 'DELETE', url: `/api/features/${a.id}`, headers: admin })
  t.equal(again.statusCode, 404)
  t.equal(again.json().message, 'Feature not found')
  const malformed = await app.inject({
    method: 'PUT',
    url: '/api/features/nope',
    headers: admin,
    payload: feature('x'),
  })
  t.equal(malformed.statusCode, 404)
  const next = (
    await app.inject({ method: 'POST', url: '/api/features', headers: admin, payload: feature('C') })
  ).json<Feature>()
  t.equal(next.sort_order, 6, 'still appended after the last one')
})

t.test('feature limits at their edges', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/features', headers: admin, payload })
  const cases: Array<[string, number, string]> = [
    ['title_nl', 200, 'Nederlandse titel moet 200 karakters of minder zijn'],
    ['title_en', 200, 'English title must be 200 characters or less'],
    ['title_de', 200, 'Deutscher Titel darf höchstens 200 Zeichen lang sein'],
    ['description_nl', 1000, 'Nederlandse beschrijving moet 1000 karakters of minder zijn'],
    ['description_en', 1000, 'English description must be 1000 characters or less'],
    ['description_de', 1000, 'Deutsche Beschreibung darf höchstens 1000 Zeichen lang sein'],
    ['icon', 32, 'Icon must be 32 characters or less'],
  ]
  for (const [field, max, message] of cases) {
    t.equal((await post({ ...feature('x'), [field]: text(max) })).statusCode, 201, `${field} at ${max}`)
    const bad = await post({ ...feature('x'), [field]: text(max + 1) })
    t.equal(bad.statusCode, 400, `${field} at ${max + 1}`)
    t.equal(bad.json().message, message)
  }
  const noIcon = await post({ ...feature('x'), icon: '' })
  t.equal(noIcon.json().message, 'Icon is required')
  const { icon: _icon, ...withoutIcon } = feature('x')
  t.equal((await post(withoutIcon)).json().message, 'Icon is required')
})
