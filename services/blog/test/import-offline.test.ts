import t from 'tap'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { postModel } from '../src/models/post.js'
import { setup, multipart } from './helpers.js'
import { corruptDocx, makeDocx, manyEntries, pngBytes, zipBomb } from './fixtures.js'

// No OPENAI_API_KEY: the offline path.
const s = await setup({ BLOG_UPLOAD_WAIT_MS: '30000' })
t.teardown(() => s.close())

const upload = (fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }, app = s.app) => {
  const body = multipart(fields, file)
  return app.inject({ method: 'POST', url: '/api/blog/upload', headers: { ...s.admin, ...body.headers }, payload: body.payload })
}
const txt = (text: string, name = 'post.txt') => ({ name, type: 'text/plain', data: Buffer.from(text) })

t.test('a slow import answers 202 with a job id the admin can follow', async (t) => {
  // Same database and queue, but the upload waits only 1 ms and no worker runs yet.
  const impatient = await buildApp(readConfig({ ...s.env, BLOG_UPLOAD_WAIT_MS: '1' }))
  t.teardown(() => impatient.close())
  const res = await upload({}, txt('Wachtrij\n\nDit bericht wacht op een worker.'), impatient)
  t.equal(res.statusCode, 202)
  const { jobId, status, statusUrl } = res.json()
  t.equal(status, 'queued')
  t.equal(statusUrl, `/api/blog/jobs/${jobId}`)
  const waiting = (await s.app.inject({ url: statusUrl, headers: s.admin })).json()
  t.match(waiting, { id: jobId, state: 'waiting', stage: 'queued', progress: 0 })
  t.equal((await s.app.inject({ url: statusUrl })).statusCode, 401, 'admins only')

  await s.startWorker()
  let done
  for (let i = 0; i < 200; i++) {
    done = (await s.app.inject({ url: statusUrl, headers: s.admin })).json()
    if (done.state === 'completed' || done.state === 'failed') break
    await new Promise((r) => setTimeout(r, 100))
  }
  t.match(done, { state: 'completed', stage: 'done', progress: 100 })
  t.equal(done.result.blogPost.title_nl, 'Wachtrij')
  t.equal((await s.app.inject({ url: '/api/blog/jobs/import-nope', headers: s.admin })).statusCode, 404)
})

t.test('no LLM: the post is made, the other language holds the source text and is marked', async (t) => {
  const res = await upload({}, txt('Automation for marketing teams\n\nWe automate the boring work of marketing teams so the teams can focus. Automation saves time.'))
  t.equal(res.statusCode, 200)
  const { blogPost: p, aiGenerated } = res.json()
  t.equal(p.source_language, 'en', 'language detected')
  t.equal(p.title_en, 'Automation for marketing teams')
  t.equal(p.title_nl, p.title_en)
  t.equal(p.content_nl, p.content_en)
  t.same(p.untranslated.sort(), ['content_nl', 'excerpt_nl', 'title_nl'])
  t.match(p, { needs_translation: true, needs_review: true, published: false, machine_translated: [] })
  t.ok(aiGenerated.tags.includes('teams') && aiGenerated.tags.includes('automation'), `keyword tags: ${aiGenerated.tags}`)
  t.notOk(aiGenerated.tags.some((w: string) => ['the', 'of', 'so', 'can'].includes(w)), 'no stop words')
  t.same(p.tags, aiGenerated.tags)
})

t.test('text from older Windows editors: Windows-1252 and UTF-16 files', async (t) => {
  const latin = Buffer.from('Caf\xe9 na\xefef\n\nE\xe9n alinea met \x80 en \x93quotes\x94.', 'latin1')
  const a = await upload({ sourceLanguage: 'nl' }, { name: 'oud.txt', data: latin })
  t.equal(a.statusCode, 200)
  t.equal(a.json().blogPost.title_nl, 'Café naïef')
  t.match(a.json().blogPost.content_nl, /Eén alinea met € en “quotes”./)
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Unicode kop\n\nTekst in UTF-16 ✓', 'utf16le')])
  const b = await upload({ sourceLanguage: 'nl' }, { name: 'uni.md', data: utf16 })
  t.equal(b.statusCode, 200)
  t.equal(b.json().blogPost.title_nl, 'Unicode kop')
  t.match(b.json().blogPost.content_nl, /Tekst in UTF-16 ✓/)
})

t.test('the same file and overrides never make two posts; other overrides do', async (t) => {
  const file = await makeDocx({ title: 'Eén keer' })
  const a = await upload({ publish: 'false' }, { name: 'x.docx', data: file })
  const b = await upload({ publish: 'false' }, { name: 'x.docx', data: file })
  t.equal(a.statusCode, 200)
  t.equal(b.json().blogPost.id, a.json().blogPost.id)
  const c = await upload({ publish: 'true' }, { name: 'x.docx', data: file })
  t.not(c.json().blogPost.id, a.json().blogPost.id)
  t.equal(c.json().blogPost.slug, 'een-keer-2', 'generated slug numbered')
  t.equal(await postModel(s.app.db).countDocuments({ title_nl: 'Eén keer' }), 2)
  // Deleted, then uploaded again: a new post.
  await s.app.inject({ method: 'DELETE', url: `/api/blog/${a.json().blogPost.id}`, headers: s.admin })
  const d = await upload({ publish: 'false' }, { name: 'x.docx', data: file })
  t.equal(d.statusCode, 200)
  t.not(d.json().blogPost.id, a.json().blogPost.id)
})

t.test('files that are refused, with the message the admin sees', async (t) => {
  const cases: [string, { name: string; data: Buffer; type?: string } | undefined, number, RegExp][] = [
    ['no file', undefined, 400, /Please choose a file/],
    ['a PDF', { name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7') }, 400, /^Only .txt, .md and .docx files are allowed.$/],
    ['a PNG renamed .txt', { name: 'photo.txt', type: 'text/plain', data: pngBytes() }, 400, /Only .txt, .md and .docx files are allowed/],
    ['a PNG renamed .docx', { name: 'photo.docx', data: pngBytes() }, 400, /not a Word \(.docx\) document/],
    ['a zip without a document', { name: 'a.docx', data: await (await import('./fixtures.js')).makeZip({ 'a.txt': 'x' }) }, 400, /not a Word/],
    ['10 MB + 1 byte', txt('a'.repeat(10 * 1024 * 1024 + 1), 'big.txt'), 413, /^File must be smaller than 10MB.$/],
    ['a zip bomb (ratio)', { name: 'bomb.docx', data: await zipBomb() }, 422, /expands to more data than allowed/],
    ['a zip bomb (entries)', { name: 'many.docx', data: await manyEntries() }, 422, /expands to more data than allowed/],
    ['a truncated .docx', { name: 'cut.docx', data: (await makeDocx()).subarray(0, 3000) }, 422, /could not be read/],
    ['an empty file', txt('', 'empty.md'), 400, /empty/],
  ]
  for (const [what, file, status, message] of cases) {
    const res = await upload({}, file)
    t.equal(res.statusCode, status, what)
    t.match(res.json().message, message, what)
  }
  const wrongLang = await upload({ sourceLanguage: 'fr' }, txt('hallo'))
  t.equal(wrongLang.statusCode, 400)
})

t.test('a corrupt .docx that passes the checks fails in the worker, permanently, with a clear message', async (t) => {
  const res = await upload({}, { name: 'broken.docx', data: await corruptDocx() })
  t.equal(res.statusCode, 422)
  t.equal(res.json().message, 'The .docx file could not be read; it may be damaged or not a Word document.')
  const list = (await s.app.inject({ url: '/api/blog?pageSize=50', headers: s.admin })).json().items
  t.notOk(list.some((p: { title_nl: string }) => /broken/i.test(p.title_nl)))
})
