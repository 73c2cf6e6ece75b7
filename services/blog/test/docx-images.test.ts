// @tier services
// The .docx image path of an import (issue 29, item 5): a failure to store an image fails the
// attempt instead of saving the post without it; pixels are capped per image and per import;
// an XML part is capped before the parser builds its DOM; a failed attempt leaves no images.
import t from 'tap'
import sharp from 'sharp'
import { Document, Packer, Paragraph } from 'docx'
import { docxToHtml } from '../src/jobs/extract.js'
import { checkUpload } from '../src/lib/filecheck.js'
import { readWorkerConfig } from '../src/config.js'
import { blogApp, multipart } from './helpers.js'
import { imageParagraph, makeDocx, makeZip } from './fixtures.js'

/** A solid PNG of `width` × `height` (small as a file, whatever its pixels). */
const png = (width: number, height: number, r = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer()

/** A .docx with a line of text and these pictures. */
const docxWith = async (images: Buffer[]) =>
  Packer.toBuffer(
    new Document({
      sections: [
        {
          children: [
            new Paragraph('Een verslag met foto’s van het project.'),
            ...images.map((img) => imageParagraph(img, 'foto')),
          ],
        },
      ],
    }),
  )

t.test('an image that cannot be stored fails the conversion; it is not dropped silently', async (t) => {
  const docx = await makeDocx({ image: await png(40, 30) })
  const down = Object.assign(new Error('connection closed'), { name: 'MongoNetworkError' })
  await t.rejects(
    docxToHtml(docx, async () => {
      throw down
    }),
    down,
    'the store failure comes out, so the job fails and is retried',
  )
  const html = await docxToHtml(docx, async () => '/api/blog/images/x.png')
  t.match(html, /<img[^>]+src="\/api\/blog\/images\/x\.png"/, 'a working store links the image')
})

t.test('an XML part over 20 MB is refused before any parser reads it', async (t) => {
  // Text that does not compress far (a zip-bomb ratio would be refused for another reason).
  let seed = 7
  const word = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed.toString(36))
  const paragraphs: string[] = []
  for (let size = 0; size < 21 * 1024 * 1024;) {
    const p = `<w:p><w:r><w:t>${word()} ${word()} ${word()}</w:t></w:r></w:p>`
    paragraphs.push(p)
    size += p.length
  }
  const docx = await makeZip({
    '[Content_Types].xml': '<Types/>',
    '_rels/.rels': '<Relationships/>',
    'word/document.xml': `<w:document><w:body>${paragraphs.join('')}</w:body></w:document>`,
  })
  t.ok(docx.length < 10 * 1024 * 1024, `the file itself is allowed (${docx.length} bytes)`)
  await t.rejects(checkUpload(docx, 'docx'), { statusCode: 422, message: /larger than 20 MB/ })
})

t.test('pixels are capped per image and per import; what is past the caps is left out', async (t) => {
  t.match(readWorkerConfig({ MONGO_URL: 'mongodb://x', REDIS_URL: 'redis://x' }), {
    BLOG_IMAGE_MAX_PIXELS: 40_000_000,
    BLOG_IMPORT_MAX_PIXELS: 300_000_000,
  })
  const s = await blogApp({ BLOG_UPLOAD_WAIT_MS: '30000' })
  t.teardown(() => s.close())
  await s.startWorker({ BLOG_IMAGE_MAX_PIXELS: '1000000', BLOG_IMPORT_MAX_PIXELS: '2000000' })
  const images = [
    await png(1200, 1000, 10), // 1.2 Mpx: over the per-image cap
    await png(1000, 800, 20), // 0.8
    await png(1000, 800, 30), // 1.6 in all
    await png(1000, 800, 40), // 2.4: over the import's cap
  ]
  const body = multipart({ sourceLanguage: 'nl' }, { name: 'fotos.docx', data: await docxWith(images) })
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
  t.equal(res.statusCode, 200)
  const srcs = [...res.json().blogPost.content_nl.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1])
  t.equal(srcs.length, 2, 'the two images within both caps are kept')
  t.equal(await s.app.db.db!.collection('images.files').countDocuments(), 2, 'and only they were stored')
})

t.test('an attempt that fails removes the images it stored', async (t) => {
  // The model is unreachable and attempts are left: the attempt fails after storing the images,
  // and the next one is a minute away.
  const s = await blogApp({ BLOG_UPLOAD_WAIT_MS: '1', BLOG_IMPORT_BACKOFF_MS: '60000' })
  t.teardown(() => s.close())
  await s.startWorker({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })
  const stored = () => s.app.db.db!.collection('images.files').countDocuments()
  const docx = await docxWith([await png(300, 200, 50), await png(300, 200, 60)])
  const body = multipart({ sourceLanguage: 'nl' }, { name: 'fotos.docx', data: docx })
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
  t.equal(res.statusCode, 202)
  let job
  for (let i = 0; i < 300; i++) {
    job = (await s.app.inject({ url: res.json().statusUrl, headers: s.admin })).json()
    if (job.attempts >= 1) break
    await new Promise((r) => setTimeout(r, 100))
  }
  t.match(job, { attempts: 1, state: 'waiting' }, 'the first attempt failed; a retry is due')
  t.equal(await stored(), 0, 'its images were removed')
})
