// @tier services
import t from 'tap'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { silentLog } from '@site/service-kit'
import { listenForPurges, testApp, testEnv } from '@site/service-kit/testing'
import { SHARED_CACHE_CONTROL } from '@site/contracts'
import type { ImageInfoList, MediaItem } from '@site/contracts'
import { content, multipart } from './helpers.js'
import { readWorkerConfig } from '../src/config.js'
import { startVariantsWorker } from '../src/jobs/worker-setup.js'
import { sweepOrphanImages } from '../src/lib/orphans.js'
import { ObjectStore } from '../src/lib/objects.js'
import { createModels } from '../src/plugins/store.js'
import { buildApp as buildBlog } from '../../blog/src/app.js'
import { readConfig as readBlogConfig } from '../../blog/src/config.js'

// The blog answers which posts use an item (none here) before a delete.
const prefix = `t_variants_${randomBytes(4).toString('hex')}`
const blog = await buildBlog(readBlogConfig(testEnv('variantsblog', { QUEUE_PREFIX: prefix })))
await blog.listen({ port: 0, host: '127.0.0.1' })
t.teardown(async () => {
  await blog.db.dropDatabase().catch(() => undefined)
  await blog.close()
})
const { port } = blog.server.address() as { port: number }
const h = await testApp({
  ...content,
  t,
  env: { QUEUE_PREFIX: prefix, BLOG_URL: `http://127.0.0.1:${port}`, VARIANTS_SWEEP_INTERVAL_MS: '1000' },
})
const { app, admin } = h
const closables = await startVariantsWorker(readWorkerConfig(h.env), silentLog)
h.onClose(async () => {
  for (const c of closables) await c.close()
})

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } } })
    .jpeg()
    .toBuffer()
async function upload(bytes: Buffer, name: string, url = '/api/media') {
  const body = multipart(bytes, name, 'image/jpeg')
  return app.inject({ method: 'POST', url, headers: { ...admin, ...body.headers }, payload: body.payload })
}
async function infoOf(src: string, ms = 180_000) {
  const end = Date.now() + ms
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/content/images?src=${encodeURIComponent(src)}` })
    const items = res.json<ImageInfoList>().items
    if (items.length || Date.now() > end) return items[0]
    await new Promise((r) => setTimeout(r, 200))
  }
}

t.test('an upload gets AVIF and WebP variants once, never wider than itself, served immutable', async (t) => {
  const purges = await listenForPurges(h.env.REDIS_URL!, prefix)
  t.teardown(() => purges.close())
  const item = (await upload(await photo(2400, 1600), 'wide.jpg')).json<MediaItem>()
  const info = await infoOf(item.url)
  t.ok(info, 'the variants job ran')
  const heard = async () => {
    for (let i = 0; i < 10; i++) {
      if (purges.all.some((m) => m.keys.includes(`media:${item.id}`) && m.stale === true)) return true
      await new Promise((r) => setTimeout(r, 200))
    }
    return false
  }
  t.ok(
    await heard(),
    'the worker purged the item key (an edit: stale allowed): pages that showed it plain are rebuilt',
  )
  const answer = await app.inject({ method: 'GET', url: `/api/content/images?src=${item.url}` })
  t.equal(answer.headers['surrogate-key'], `media:${item.id}`)
  t.equal(answer.headers['cache-control'], SHARED_CACHE_CONTROL)
  t.match(info, { src: item.url, width: 2400, height: 1600, widths: [320, 640, 800, 960, 1280, 1920] })
  for (const format of ['avif', 'webp']) {
    const res = await app.inject({ method: 'GET', url: `${info!.base}-w640.${format}` })
    t.equal(res.statusCode, 200, `${format} at 640`)
    t.equal(res.headers['content-type'], `image/${format}`)
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.equal(res.headers['surrogate-key'], `media:${item.id}`)
    const meta = await sharp(res.rawPayload).metadata()
    t.equal(meta.width, 640, 'the width it names')
    t.equal(meta.height, 427)
  }
  const jpeg = (await app.inject({ method: 'GET', url: item.url })).rawPayload.length
  const small = (await app.inject({ method: 'GET', url: `${info!.base}-w320.avif` })).rawPayload.length
  t.ok(small < jpeg / 3, `the 320 px AVIF (${small} B) is far smaller than the original (${jpeg} B)`)
  const listed = (await app.inject({ method: 'GET', url: '/api/media', headers: admin })).json<{
    items: MediaItem[]
  }>()
  t.same(listed.items[0]!.variant_widths, [320, 640, 800, 960, 1280, 1920], 'the library shows the widths')

  // A narrow image: its own width only, and nothing wider is ever made.
  const narrow = (await upload(await photo(500, 400), 'narrow.jpg')).json<MediaItem>()
  t.match(await infoOf(narrow.url), { widths: [320, 500] })

  // Deleting the item deletes its variants.
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: admin })).statusCode,
    204,
  )
  t.equal((await app.inject({ method: 'GET', url: `${info!.base}-w640.avif` })).statusCode, 404)
})

t.test('project images get variants too; unknown and foreign URLs are left out', async (t) => {
  const res = await upload(await photo(1000, 500), 'project.jpg', '/api/projects/upload')
  const url = res.json<{ uploadURL: string }>().uploadURL
  const info = await infoOf(url)
  t.match(info, { width: 1000, height: 500, widths: [320, 640, 800, 960, 1000] })
  const variant = `${info!.base}-w640.avif`
  const project = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: admin,
    payload: { title: 'Shop', description: 'A shop', image_url: url },
  })
  const later = new Date(Date.now() + 3600_000)
  const sweep = () =>
    sweepOrphanImages(createModels(app.db), app.changes.log, new ObjectStore(app.db, 0), later)
  t.equal(project.statusCode, 201)
  // An upload no project shows (a cancelled dialog): the sweep takes it and its variants, and only it.
  const cancelled = (await upload(await photo(700, 400), 'cancelled.jpg', '/api/projects/upload')).json<{
    uploadURL: string
  }>().uploadURL
  const gone = `${(await infoOf(cancelled))!.base}-w640.avif`
  t.equal(await sweep(), 1, "the hourly sweep takes the unused image, never a shown image's variants")
  t.equal(
    (await app.inject({ method: 'GET', url: variant })).statusCode,
    200,
    'the shown one keeps its variants',
  )
  t.equal((await app.inject({ method: 'GET', url: gone })).statusCode, 404, 'variants go with their image')
  t.equal((await app.inject({ method: 'GET', url: cancelled })).statusCode, 404)
  const none = await app.inject({
    method: 'GET',
    url: '/api/content/images?src=https://example.com/a.jpg,/objects/media/000000000000000000000000.jpg',
  })
  t.same(none.json(), { items: [] })
  const many = Array.from({ length: 51 }, (_, i) => `/objects/media/${String(i).padStart(24, '0')}.jpg`)
  const tooMany = await app.inject({ method: 'GET', url: `/api/content/images?src=${many.join(',')}` })
  t.equal(tooMany.statusCode, 400)
  t.equal(none.headers['cache-control'], SHARED_CACHE_CONTROL)
})
