// @tier services
// Imported images get the responsive variants library images get (issue 32, item 3): an image a
// .docx import stores is given AVIF/WebP widths by the blog worker's variants job, announced by
// GET /api/blog/images?src=… and served at /api/blog/images/<hash>-w<width>.<format> with the
// originals' immutable headers; `npm run media:backfill` makes them for images imported before.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { SHARED_CACHE_CONTROL, type ImageInfoList } from '@site/contracts'
import { listenForPurges } from '@site/service-kit/testing'
import { storeImage } from '../src/models/images.js'
import { blogApp, multipart } from './helpers.js'
import { makeDocx } from './fixtures.js'

const photo = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 20 } } })
    .jpeg()
    .toBuffer()

const s = await blogApp({ BLOG_UPLOAD_WAIT_MS: '60000' })
t.teardown(() => s.close())
await s.startWorker()

async function infoOf(src: string, ms = 0) {
  const end = Date.now() + ms
  for (;;) {
    const res = await s.app.inject({ url: `/api/blog/images?src=${encodeURIComponent(src)}` })
    const items = res.json<ImageInfoList>().items
    if (items.length || Date.now() >= end) return { res, info: items[0] }
    await new Promise((r) => setTimeout(r, 200))
  }
}

t.test('an imported image gets AVIF and WebP variants, served immutable beside it', async (t) => {
  const purges = await listenForPurges(s.env.REDIS_URL!, s.env.QUEUE_PREFIX!)
  t.teardown(() => purges.close())
  const body = multipart(
    { sourceLanguage: 'nl' },
    { name: 'verslag.docx', data: await makeDocx({ image: await photo(1100, 700) }) },
  )
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
  t.equal(res.statusCode, 200)
  const src = /<img[^>]*src="([^"]+)"/.exec(res.json().blogPost.content_nl)![1]!
  t.match(src, /^\/api\/blog\/images\/[a-f0-9]{32}\.jpg$/, 'the post links the image where it always did')
  const { res: answer, info } = await infoOf(src, 180_000)
  t.match(info, { src, width: 1100, height: 700, widths: [320, 640, 800, 960, 1100] }, 'never wider than it')
  t.equal(info!.base, src.replace(/\.jpg$/, ''))
  const key = `media:${src.slice(-36, -4)}`
  t.equal(answer.headers['surrogate-key'], key)
  t.equal(answer.headers['cache-control'], SHARED_CACHE_CONTROL)
  for (let i = 0; i < 20 && !purges.all.some((m) => m.keys.includes(key)); i++)
    await new Promise((r) => setTimeout(r, 200))
  t.ok(
    purges.all.some((m) => m.keys.includes(key)),
    'pages that showed it plain are purged',
  )
  for (const format of ['avif', 'webp']) {
    const variant = await s.app.inject({ url: `${info!.base}-w640.${format}` })
    t.equal(variant.statusCode, 200, `${format} at 640`)
    t.equal(variant.headers['content-type'], `image/${format}`)
    t.equal(variant.headers['cache-control'], 'public, max-age=31536000, immutable')
    t.equal(variant.headers['x-content-type-options'], 'nosniff')
    t.equal(variant.headers['surrogate-key'], key)
    t.match(await sharp(variant.rawPayload).metadata(), { width: 640, height: 407 }, 'the width it names')
  }
  const original = await s.app.inject({ url: src })
  t.equal(original.statusCode, 200, 'the original is still served')
  const small = (await s.app.inject({ url: `${info!.base}-w320.avif` })).rawPayload.length
  t.ok(
    small < original.rawPayload.length / 3,
    `320 px AVIF ${small} B, original ${original.rawPayload.length} B`,
  )
  t.equal((await s.app.inject({ url: `${info!.base}-w641.avif` })).statusCode, 404, 'no width not made')
})

t.test('media:backfill makes the variants of an image imported before the job existed', async (t) => {
  // Stored as an import stored it before this change: no job queued.
  const stored = await storeImage(s.app.db, await photo(500, 400, 90), 2560)
  const src = stored!.url
  await new Promise((r) => setTimeout(r, 500))
  t.notOk((await infoOf(src)).info, 'no variants yet: the page shows the original')
  const root = fileURLToPath(new URL('../../..', import.meta.url))
  const run = () =>
    spawnSync('npm', ['run', '-s', 'media:backfill'], {
      cwd: root,
      env: { ...process.env, ...s.env },
      encoding: 'utf8',
    })
  // The one command runs the content service's backfill and the blog's: the blog's line is ours.
  const blogLine = (out: string) =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { service: string })
      .find((r) => r.service === 'blog')
  const first = run()
  t.equal(first.status, 0, first.stderr)
  t.match(blogLine(first.stdout), { made: 1, failed: 0 })
  t.match((await infoOf(src)).info, { width: 500, height: 400, widths: [320, 500] })
  t.equal((await s.app.inject({ url: `${src.replace(/\.jpg$/, '')}-w320.webp` })).statusCode, 200)
  t.match(blogLine(run().stdout), { made: 0, failed: 0 }, 'safe to repeat: done images are skipped')
})

t.test('importing a picture stored before (no variants) gives it its variants', async (t) => {
  const bytes = await photo(600, 300, 140)
  const src = (await storeImage(s.app.db, bytes, 2560))!.url
  const body = multipart(
    { sourceLanguage: 'nl' },
    { name: 'weer.docx', data: await makeDocx({ image: bytes }) },
  )
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
  t.match(res.json().blogPost.content_nl, src, 'the post links the picture already stored')
  t.match((await infoOf(src, 180_000)).info, { width: 600, widths: [320, 600] })
})

t.test('other URLs are left out; too many at once is refused', async (t) => {
  const none = await s.app.inject({
    url: `/api/blog/images?src=https://example.com/a.jpg,/api/blog/images/${'0'.repeat(32)}.png,/objects/media/x.jpg`,
  })
  t.same(none.json(), { items: [] })
  const many = Array.from({ length: 51 }, (_, i) => `/api/blog/images/${String(i).padStart(32, '0')}.png`)
  t.equal((await s.app.inject({ url: `/api/blog/images?src=${many.join(',')}` })).statusCode, 400)
})
