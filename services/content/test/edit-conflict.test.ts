// @tier services
// Two people saving the same document (issue 45): the admin read and every save answer with an
// ETag (the hash of the body); a save with an outdated If-Match is refused with 412 and leaves the
// document as the other editor saved it; a save without If-Match keeps the old behaviour.
import t from 'tap'
import { etagOf } from '@site/service-kit'
import { testApp } from '@site/service-kit/testing'
import type { Feature, Page, Project } from '@site/contracts'
import { content } from './helpers.js'

const s = await testApp({ ...content, t })
const page = {
  slug: 'together',
  title_nl: 'Samen',
  title_en: 'Together',
  content_nl: '<p>Tekst</p>',
  content_en: '<p>Text</p>',
  published: true,
}

t.test('pages: ETag on the read and the save, 412 on an outdated If-Match', async (t) => {
  const { id } = (await s.call('POST', '/api/pages', page, s.admin)).json<Page>()
  const read = await s.call('GET', `/api/pages/${id}`, undefined, s.admin)
  const opened = read.headers.etag as string
  t.equal(opened, etagOf(read.body), 'the admin read: the hash of its body')
  t.equal(read.headers['cache-control'], 'private, no-store')

  // Someone else saves first (with the tag they opened: the same one).
  const first = await s.call(
    'PUT',
    `/api/pages/${id}`,
    { ...page, title_en: 'Theirs' },
    { ...s.admin, 'if-match': opened },
  )
  t.equal(first.statusCode, 200, first.body)
  t.equal(first.headers.etag, etagOf(first.body), 'the save answers the new version with its tag')
  t.not(first.headers.etag, opened)

  // The later save with the outdated tag: refused, their version kept.
  const late = await s.call(
    'PUT',
    `/api/pages/${id}`,
    { ...page, title_en: 'Mine', published: false },
    {
      ...s.admin,
      'if-match': opened,
    },
  )
  t.equal(late.statusCode, 412, late.body)
  t.match(late.json(), {
    statusCode: 412,
    code: 'EDIT_CONFLICT',
    message: /Someone else saved this document/,
  })
  t.equal(late.headers.etag, first.headers.etag, 'the 412 names the current version')
  const now = (await s.call('GET', `/api/pages/${id}`, undefined, s.admin)).json<Page>()
  t.match(now, { title_en: 'Theirs', published: true }, 'the other save stands')

  // The gateway's compressed copy's tag ("…-br") names the same version.
  const br = (first.headers.etag as string).replace(/"$/, '-br"')
  const mine = await s.call(
    'PUT',
    `/api/pages/${id}`,
    { ...page, title_en: 'Mine' },
    { ...s.admin, 'if-match': br },
  )
  t.equal(mine.statusCode, 200, 'the current tag, as the gateway compressed it')

  const blind = await s.call('PUT', `/api/pages/${id}`, { ...page, title_en: 'Script' }, s.admin)
  t.equal(blind.statusCode, 200, 'without If-Match: saved as before (scripts, the seed)')
})

t.test('projects and features: 412 on an outdated If-Match', async (t) => {
  const project = { title: 'Shop', description: 'A shop' }
  const p = await s.call('POST', '/api/projects', project, s.admin)
  const pid = p.json<Project>().id
  const tag = etagOf(p.body)
  const saved = await s.call(
    'PUT',
    `/api/projects/${pid}`,
    { ...project, title: 'Theirs' },
    { ...s.admin, 'if-match': tag },
  )
  t.equal(saved.statusCode, 200, saved.body)
  t.equal(saved.headers.etag, etagOf(saved.body))
  const late = await s.call(
    'PUT',
    `/api/projects/${pid}`,
    { ...project, title: 'Mine' },
    { ...s.admin, 'if-match': tag },
  )
  t.equal(late.statusCode, 412)

  const feature = {
    icon: 'bolt',
    title_nl: 'Snel',
    title_en: 'Fast',
    description_nl: 'Heel snel',
    description_en: 'Very fast',
  }
  const f = await s.call('POST', '/api/features', feature, s.admin)
  t.equal(f.statusCode, 201, f.body)
  const fid = f.json<Feature>().id
  const ftag = etagOf(f.body)
  t.equal(
    (
      await s.call(
        'PUT',
        `/api/features/${fid}`,
        { ...feature, title_en: 'A' },
        { ...s.admin, 'if-match': ftag },
      )
    ).statusCode,
    200,
  )
  t.equal(
    (
      await s.call(
        'PUT',
        `/api/features/${fid}`,
        { ...feature, title_en: 'B' },
        { ...s.admin, 'if-match': ftag },
      )
    ).statusCode,
    412,
  )
})

t.test(
  'saves racing with the same If-Match: one stands, the others get 412 (the check holds to the write)',
  async (t) => {
    const project = { title: 'Race', description: 'Who wins' }
    const p = await s.call('POST', '/api/projects', project, s.admin)
    const feature = {
      icon: 'bolt',
      title_nl: 'Ras',
      title_en: 'Race',
      description_nl: 'Wie',
      description_en: 'Who',
    }
    const f = await s.call('POST', '/api/features', feature, s.admin)
    const pg = await s.call('POST', '/api/pages', { ...page, slug: 'race' }, s.admin)
    const opened = await s.call('GET', `/api/pages/${pg.json<Page>().id}`, undefined, s.admin)
    const cases = [
      {
        path: `/api/pages/${pg.json<Page>().id}`,
        tag: opened.headers.etag as string,
        body: (i: number) => ({ ...page, slug: 'race', title_en: `T${i}` }),
      },
      {
        path: `/api/projects/${p.json<Project>().id}`,
        tag: etagOf(p.body),
        body: (i: number) => ({ ...project, title: `T${i}` }),
      },
      {
        path: `/api/features/${f.json<Feature>().id}`,
        tag: etagOf(f.body),
        body: (i: number) => ({ ...feature, title_en: `T${i}` }),
      },
    ]
    for (const { path, tag, body } of cases) {
      // Eight editors who opened the same version save at once, each a different title.
      const saves = await Promise.all(
        Array.from({ length: 8 }, (_, i) => s.call('PUT', path, body(i), { ...s.admin, 'if-match': tag })),
      )
      t.same(
        saves.map((r) => r.statusCode).sort(),
        [200, 412, 412, 412, 412, 412, 412, 412],
        `${path}: one save stands`,
      )
      const winner = saves.find((r) => r.statusCode === 200)!
      const conflict = saves.find((r) => r.statusCode === 412)!
      t.equal(conflict.headers.etag, winner.headers.etag, 'each 412 names the version that stood')
    }
  },
)
