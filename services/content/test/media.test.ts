// @tier services
import t from 'tap'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { testApp, testEnv } from '@site/service-kit/testing'
import type { MediaDetail, MediaItem, PagedList } from '@site/contracts'
import { MAX_UPLOAD_BYTES } from '@site/contracts'
import { content, multipart } from './helpers.js'
// The real blog service: the content service asks it which posts use an item.
import { buildApp as buildBlog } from '../../blog/src/app.js'
import { readConfig as readBlogConfig } from '../../blog/src/config.js'

// One deployment: both services read the admin's session from the same Redis namespace.
const prefix = `t_media_${randomBytes(4).toString('hex')}`
const blog = await buildBlog(readBlogConfig(testEnv('mediablog', { QUEUE_PREFIX: prefix })))
await blog.listen({ port: 0, host: '127.0.0.1' })
const { port } = blog.server.address() as { port: number }
// A small object cache (items up to 512 bytes kept in memory): the test's PDF is served from memory,
// its 1 KB video and the photos from the database, a range read per request.
const h = await testApp({
  ...content,
  env: { QUEUE_PREFIX: prefix, BLOG_URL: `http://127.0.0.1:${port}`, OBJECT_CACHE_BYTES: '2048' },
})
t.teardown(async () => {
  await h.close()
  await blog.db.dropDatabase().catch(() => undefined)
  await blog.close()
})
const { app, admin } = h

const photo = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer()
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function upload(bytes: Buffer, name: string, type: string) {
  const body = multipart(bytes, name, type)
  return app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  })
}

t.test('upload, list, search, describe: images and PDFs by their bytes', async (t) => {
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/media' })).statusCode,
    401,
    'the library is for admins only',
  )
  const res = await upload(await photo(), 'Team photo.jpg', 'image/jpeg')
  t.equal(res.statusCode, 201)
  const item = res.json<MediaItem>()
  t.match(item, {
    name: 'Team photo.jpg',
    kind: 'image',
    content_type: 'image/jpeg',
    width: 800,
    height: 600,
  })
  t.match(item.url, /^\/objects\/media\/[a-f0-9]{24}\.jpg$/)
  const served = await app.inject({ method: 'GET', url: item.url })
  t.equal(served.statusCode, 200)
  t.equal(served.headers['x-content-type-options'], 'nosniff')

  const doc = (await upload(pdf, 'offerte.pdf', 'application/octet-stream')).json<MediaItem>()
  t.match(doc, { kind: 'pdf', content_type: 'application/pdf', width: null })
  t.equal((await app.inject({ method: 'GET', url: doc.url })).headers['content-type'], 'application/pdf')

  const text = await upload(Buffer.from('just text, named like a picture'), 'evil.jpg', 'image/jpeg')
  t.equal(text.statusCode, 400)
  t.match(text.json().message, /image .* PDF .* MP4/)
  const big = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 10, 1), 'big.pdf', 'application/pdf')
  t.equal(big.statusCode, 413)

  const listed = await app.inject({ method: 'GET', url: '/api/media', headers: admin })
  t.equal(listed.statusCode, 200, listed.body)
  const list = listed.json<PagedList<MediaItem>>()
  t.same(
    list.items.map((i) => i.name),
    ['offerte.pdf', 'Team photo.jpg'],
    'newest first',
  )
  t.equal(list.total, 2)
  const found = (await app.inject({ method: 'GET', url: '/api/media?q=TEAM', headers: admin })).json<
    PagedList<MediaItem>
  >()
  t.same(
    found.items.map((i) => i.id),
    [item.id],
    'search by name, any case',
  )

  const alt = await app.inject({
    method: 'PATCH',
    url: `/api/media/${item.id}`,
    headers: admin,
    payload: { alt_nl: 'Het team', alt_en: 'The team', alt_de: '' },
  })
  t.equal(alt.statusCode, 200)
  t.match(alt.json(), { alt_nl: 'Het team', alt_en: 'The team', alt_de: null })
  const tooLong = await app.inject({
    method: 'PATCH',
    url: `/api/media/${item.id}`,
    headers: admin,
    payload: { alt_nl: 'x'.repeat(301) },
  })
  t.equal(tooLong.statusCode, 400)
  const unknown = await app.inject({
    method: 'PATCH',
    url: `/api/media/${item.id}`,
    headers: admin,
    payload: { name: 'renamed' },
  })
  t.equal(unknown.statusCode, 400, 'only the alt texts can be changed')
})

t.test('a used item cannot be deleted: a post (blog service), a project; unused it goes', async (t) => {
  const item = (await upload(await photo(400, 300), 'hero.jpg', 'image/jpeg')).json<MediaItem>()
  const post = await blog.inject({
    method: 'POST',
    url: '/api/blog',
    headers: admin,
    payload: {
      title_nl: 'Met beeld',
      title_en: 'With image',
      excerpt_nl: 'Kort',
      excerpt_en: 'Short',
      content_nl: '<p>Tekst</p>',
      content_en: '<p>Text</p>',
      featured_image: item.url,
      published: true,
    },
  })
  t.equal(post.statusCode, 201, post.body)
  const postId = post.json<{ id: string }>().id

  const detail = (
    await app.inject({ method: 'GET', url: `/api/media/${item.id}`, headers: admin })
  ).json<MediaDetail>()
  t.same(detail.used_by, [{ kind: 'post', id: postId, title: 'Met beeld' }], 'the detail names the post')
  const refused = await app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })
  t.equal(refused.statusCode, 409)
  t.match(refused.json().message, /post "Met beeld"/)
  t.equal((await app.inject({ method: 'GET', url: item.url })).statusCode, 200, 'the file is still served')

  // The post now shows it in its body instead; then the post goes, and a project takes it.
  await blog.inject({
    method: 'PUT',
    url: `/api/blog/${postId}`,
    headers: admin,
    payload: { featured_image: '', content_nl: `<p><img src="${item.url}" alt=""></p>` },
  })
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })).statusCode,
    409,
  )
  await blog.inject({ method: 'DELETE', url: `/api/blog/${postId}`, headers: admin })
  const project = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: admin,
    payload: { title: 'Shop', description: 'A shop', image_url: item.url },
  })
  const inProject = await app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })
  t.equal(inProject.statusCode, 409)
  t.match(inProject.json().message, /project "Shop"/)
  await app.inject({
    method: 'DELETE',
    url: `/api/projects/${project.json<{ id: string }>().id}`,
    headers: admin,
  })

  const gone = await app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })
  t.equal(gone.statusCode, 204)
  t.equal((await app.inject({ method: 'GET', url: item.url })).statusCode, 404, 'the file is gone')
  t.equal((await app.inject({ method: 'GET', url: `/api/media/${item.id}`, headers: admin })).statusCode, 404)
})

t.test(
  'while the blog cannot answer, a delete is refused with 503 (never risked), and recovers',
  async (t) => {
    const item = (await upload(pdf, 'brochure.pdf', 'application/pdf')).json<MediaItem>()
    const down = await testApp({
      ...content,
      t,
      env: { QUEUE_PREFIX: prefix, BLOG_URL: 'http://127.0.0.1:9' },
    })
    const res = await down.app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })
    t.equal(res.statusCode, 404, 'another database: a separate deployment')
    const own = (await upload(pdf, 'again.pdf', 'application/pdf')).json<MediaItem>()
    t.ok(own.id)
    // Same database, the blog unreachable: reuse this app's config with a dead BLOG_URL.
    const dead = await testApp({
      ...content,
      t,
      keepDb: true,
      env: { QUEUE_PREFIX: prefix, MONGO_DB: h.config.MONGO_DB, BLOG_URL: 'http://127.0.0.1:9' },
    })
    const refused = await dead.app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })
    t.equal(refused.statusCode, 503)
    t.ok(refused.headers['retry-after'])
    t.equal(
      (await app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })).statusCode,
      204,
    )
  },
)

t.test('a video (or a PDF) is served in byte ranges, as media players and PDF viewers ask', async (t) => {
  // An ISO base media file: a `ftyp` box with a video brand, then a body.
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex')
  const video = Buffer.concat([ftyp, Buffer.from('0123456789'.repeat(100))])
  const res = await upload(video, 'demo.mp4', 'video/mp4')
  t.equal(res.statusCode, 201, res.body)
  const item = res.json<MediaItem>()
  t.match(item, { kind: 'video', content_type: 'video/mp4' })
  const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: item.url, headers })

  const whole = await get()
  t.equal(whole.statusCode, 200)
  t.equal(whole.headers['accept-ranges'], 'bytes', 'says ranges may be asked')
  t.same(whole.rawPayload, video)
  const etag = String(whole.headers.etag)

  const first = await get({ range: 'bytes=0-1' })
  t.equal(first.statusCode, 206, "Safari's first question")
  t.equal(first.headers['content-range'], `bytes 0-1/${video.length}`)
  t.equal(first.headers['content-length'], '2')
  t.equal(first.headers['content-type'], 'video/mp4')
  t.same(first.rawPayload, video.subarray(0, 2))
  const middle = await get({ range: 'bytes=24-33', 'if-range': etag })
  t.equal(middle.statusCode, 206)
  t.equal(middle.body, '0123456789', 'the asked bytes, when If-Range names this version')
  const tail = await get({ range: 'bytes=-5' })
  t.equal(tail.headers['content-range'], `bytes ${video.length - 5}-${video.length - 1}/${video.length}`)
  t.equal(tail.body, '56789')

  const past = await get({ range: `bytes=${video.length}-` })
  t.equal(past.statusCode, 416, 'a range past the end')
  t.equal(past.headers['content-range'], `bytes */${video.length}`)
  t.equal(past.headers['cache-control'], 'no-store')
  t.match(past.json(), { statusCode: 416, code: 'RANGE_NOT_SATISFIABLE' })

  const other = await get({ range: 'bytes=0-1', 'if-range': '"another-version"' })
  t.equal(other.statusCode, 200, 'If-Range naming another version: the whole file')
  t.equal(other.rawPayload.length, video.length)
  t.equal((await get({ range: 'bytes=0-1,4-5' })).statusCode, 200, 'several ranges: the whole file')
  t.equal((await get({ range: 'bytes=0-1', 'if-none-match': etag })).statusCode, 304, 'not modified first')

  const doc = (await upload(pdf, 'map.pdf', 'application/pdf')).json<MediaItem>()
  const head = await app.inject({ method: 'GET', url: doc.url, headers: { range: 'bytes=0-4' } })
  t.equal(head.statusCode, 206)
  t.equal(head.body, '%PDF-')
})
