// @tier services
import t from 'tap'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { postModel } from '../src/models/post.js'
import { blogApp, multipart } from './helpers.js'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { etagOf } from '@site/service-kit'
import {
  corruptDocx,
  emptyDocx,
  jpegWithExif,
  makeDocx,
  manyEntries,
  pictureOnlyDocx,
  pngBytes,
  zipBomb,
} from './fixtures.js'

// No OPENAI_API_KEY: the offline path.
const s = await blogApp({ BLOG_UPLOAD_WAIT_MS: '30000' })
t.teardown(() => s.close())

const upload = (
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
  app = s.app,
) => {
  const body = multipart(fields, file)
  return app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
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
  const res = await upload(
    {},
    txt(
      'Automation for marketing teams\n\nWe automate the boring work of marketing teams so the teams can focus. Automation saves time.',
    ),
  )
  t.equal(res.statusCode, 200)
  const { blogPost: p, aiGenerated } = res.json()
  t.equal(p.source_language, 'en', 'language detected')
  t.equal(p.title_en, 'Automation for marketing teams')
  t.equal(p.title_nl, p.title_en)
  t.equal(p.content_nl, p.content_en)
  t.same(p.untranslated.sort(), ['content_nl', 'excerpt_nl', 'title_nl'])
  t.match(p, { needs_translation: true, needs_review: true, published: false, machine_translated: [] })
  t.ok(
    aiGenerated.tags.includes('teams') && aiGenerated.tags.includes('automation'),
    `keyword tags: ${aiGenerated.tags}`,
  )
  t.notOk(
    aiGenerated.tags.some((w: string) => ['the', 'of', 'so', 'can'].includes(w)),
    'no stop words',
  )
  t.same(p.tags, aiGenerated.tags)
})

t.test('text from older Windows editors: Windows-1252 and UTF-16 files', async (t) => {
  const latin = Buffer.from('Caf\xe9 na\xefef\n\nE\xe9n alinea met \x80 en \x93quotes\x94.', 'latin1')
  const a = await upload({ sourceLanguage: 'nl' }, { name: 'oud.txt', data: latin })
  t.equal(a.statusCode, 200)
  t.equal(a.json().blogPost.title_nl, 'Café naïef')
  t.match(a.json().blogPost.content_nl, /Eén alinea met € en “quotes”./)
  const utf16 = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from('# Unicode kop\n\nTekst in UTF-16 ✓', 'utf16le'),
  ])
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
    [
      'a PDF',
      { name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7') },
      400,
      /^Only .txt, .md and .docx files are allowed.$/,
    ],
    [
      'a PNG renamed .txt',
      { name: 'photo.txt', type: 'text/plain', data: pngBytes() },
      400,
      /Only .txt, .md and .docx files are allowed/,
    ],
    ['a PNG renamed .docx', { name: 'photo.docx', data: pngBytes() }, 400, /not a Word \(.docx\) document/],
    [
      'a zip without a document',
      { name: 'a.docx', data: await (await import('./fixtures.js')).makeZip({ 'a.txt': 'x' }) },
      400,
      /not a Word/,
    ],
    [
      '10 MB + 1 byte',
      txt('a'.repeat(10 * 1024 * 1024 + 1), 'big.txt'),
      413,
      /^File must be smaller than 10MB.$/,
    ],
    [
      'a zip bomb (ratio)',
      { name: 'bomb.docx', data: await zipBomb() },
      422,
      /expands to more data than allowed/,
    ],
    [
      'a zip bomb (entries)',
      { name: 'many.docx', data: await manyEntries() },
      422,
      /expands to more data than allowed/,
    ],
    [
      'a truncated .docx',
      { name: 'cut.docx', data: (await makeDocx()).subarray(0, 3000) },
      422,
      /could not be read/,
    ],
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

t.test(
  'a corrupt .docx that passes the checks fails in the worker, permanently, with a clear message',
  async (t) => {
    const res = await upload({}, { name: 'broken.docx', data: await corruptDocx() })
    t.equal(res.statusCode, 422)
    t.equal(res.json().message, 'The .docx file could not be read; it may be damaged or not a Word document.')
    const list = (await s.app.inject({ url: '/api/blog?pageSize=50', headers: s.admin })).json().items
    t.notOk(list.some((p: { title_nl: string }) => /broken/i.test(p.title_nl)))
  },
)

t.test(
  'a short Dutch Markdown post (heading, list, ~50 words) gets tags from its content words',
  async (t) => {
    const md = [
      '# Slimmer werken met automatisering',
      '',
      'Veel kleine bedrijven verliezen elke week uren aan handwerk. Met een paar eenvoudige stappen wordt dat anders.',
      '',
      '- Facturen automatisch verwerken',
      '- Klantgegevens koppelen aan het CRM',
      '- Rapporten elke maandag klaar',
      '',
      'Wij helpen teams om processen te vereenvoudigen, zodat er tijd overblijft voor klanten en groei.',
    ].join('\n')
    const res = await upload(
      { sourceLanguage: 'nl' },
      { name: 'kort.md', type: 'text/markdown', data: Buffer.from(md) },
    )
    t.equal(res.statusCode, 200)
    const { blogPost: p, aiGenerated } = res.json()
    t.ok(p.tags.length >= 3, `post tags: ${p.tags}`)
    t.same(aiGenerated.tags, p.tags, 'the answer names the tags it generated')
    t.equal(res.json().created, true, 'this upload made the post')
    // The same upload again answers the existing post, still with its tags.
    const again = (
      await upload(
        { sourceLanguage: 'nl' },
        { name: 'kort.md', type: 'text/markdown', data: Buffer.from(md) },
      )
    ).json()
    t.equal(again.blogPost.id, p.id)
    t.equal(again.created, false, 'an earlier upload made it')
    t.same(again.aiGenerated.tags, p.tags)
    // Tags that normalize to nothing count as none given.
    const hashes = (
      await upload(
        { sourceLanguage: 'nl', tags: '#, #' },
        { name: 'kort.md', type: 'text/markdown', data: Buffer.from(md) },
      )
    ).json()
    t.same(hashes.blogPost.tags, p.tags)
  },
)

t.test(
  '.docx images are kept: checked, re-encoded without metadata, stored and linked from the post',
  async (t) => {
    const photo = await jpegWithExif()
    t.ok((await sharp(photo).metadata()).exif, 'the source image carries EXIF')
    const res = await upload(
      { sourceLanguage: 'nl' },
      { name: 'met-foto.docx', data: await makeDocx({ title: 'Met een foto', image: photo }) },
    )
    t.equal(res.statusCode, 200)
    const p = res.json().blogPost
    const src = /<img[^>]*src="([^"]+)"/.exec(p.content_nl)?.[1]
    t.match(src, /^\/api\/blog\/images\/[a-f0-9]{32}\.jpg$/, 'the image is referenced by its stored path')
    t.match(p.content_nl, /alt="Schema van de werkwijze"/, 'with its description as alt text')
    t.match(p.content_nl, /Paragraaf 1 gaat over automatisering/, 'the text is kept too')
    const image = await s.app.inject({ url: src! })
    t.equal(image.statusCode, 200)
    t.equal(image.headers['content-type'], 'image/jpeg')
    t.match(image.headers['cache-control'], /immutable/)
    t.equal(image.headers.etag, etagOf(image.rawPayload), 'its strong ETag is the hash of the bytes served')
    const meta = await sharp(image.rawPayload).metadata()
    t.equal(meta.format, 'jpeg')
    t.notOk(meta.exif, 'metadata stripped')
    t.notOk(image.rawPayload.includes('secret-owner'), 'no trace of the EXIF text')
    t.equal(
      (await s.app.inject({ url: '/api/blog/images/0123456789abcdef0123456789abcdef.png' })).statusCode,
      404,
    )
    t.equal((await s.app.inject({ url: '/api/blog/images/..%2Fuploads.png' })).statusCode, 404)
  },
)

t.test(
  'a .docx whose only content is a picture becomes a post; one with neither text nor images is refused',
  async (t) => {
    // mammoth.js's own tiny-picture.docx (the file of the report), and one made here.
    const tiny = readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('mammoth')), '../test/test-data/tiny-picture.docx'),
    )
    for (const [name, data] of [
      ['tiny-picture.docx', tiny],
      ['alleen-foto.docx', await pictureOnlyDocx(await jpegWithExif())],
    ] as const) {
      const res = await upload({ sourceLanguage: 'nl' }, { name, data })
      t.equal(res.statusCode, 200, name)
      const p = res.json().blogPost
      t.match(
        p.content_nl,
        /<img[^>]*src="\/api\/blog\/images\/[a-f0-9]{32}\.(png|jpg)"/,
        `${name}: the picture is the content`,
      )
      t.equal(
        (await s.app.inject({ url: /src="([^"]+)"/.exec(p.content_nl)![1]! })).statusCode,
        200,
        `${name}: image served`,
      )
      t.ok(p.title_nl.length > 0, `${name}: titled from the file name (${p.title_nl})`)
    }
    const empty = await upload({}, { name: 'leeg.docx', data: await emptyDocx() })
    t.equal(empty.statusCode, 422)
    t.equal(empty.json().message, 'The file contains no text or images to import.')
  },
)
