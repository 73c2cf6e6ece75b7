// @tier services
// A multipart upload without a boundary, or one that ends early, is a 400 that names
// the problem (it was a 500 "Multipart: Boundary not found" / "Unexpected end of form"), and no
// upload is stored.
import t from 'tap'
import { multipart, blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())
const { app, admin } = s
const upload = (headers: Record<string, string>, payload: Buffer) =>
  app.inject({ method: 'POST', url: '/api/blog/upload', headers: { ...admin, ...headers }, payload })

t.test('POST /api/blog/upload: no boundary → 400 naming it', async (t) => {
  const body = multipart(
    { sourceLanguage: 'nl' },
    { name: 'post.md', data: Buffer.from('# Titel\n\nTekst.\n') },
  )
  const res = await upload({ 'content-type': 'multipart/form-data' }, body.payload)
  t.equal(res.statusCode, 400)
  t.match(res.json(), { code: 'MULTIPART_NO_BOUNDARY', message: /boundary/i })
})

t.test('POST /api/blog/upload: a body that ends early → 400 naming it', async (t) => {
  const body = multipart(
    { sourceLanguage: 'nl' },
    { name: 'post.md', data: Buffer.from('# Titel\n\nTekst die doorgaat.\n') },
  )
  for (const cut of [body.payload.length - 10, Math.floor(body.payload.length / 2), 30]) {
    const res = await upload(body.headers, body.payload.subarray(0, cut))
    t.equal(res.statusCode, 400, `cut at ${cut} bytes`)
    t.match(res.json(), { code: 'MULTIPART_TRUNCATED', message: /ended before/i }, `cut at ${cut} bytes`)
  }
  t.equal(await app.db.collection('uploads.files').countDocuments({}), 0, 'no upload stored')
})
