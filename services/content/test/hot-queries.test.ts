// @tier services
// The content service's visitor reads of pages and images, an admin's page save and the page
// schedule's sweep: every query they send is served by an index, reads a bounded number of
// documents, and is listed in docs/queries.md (as services/blog/test/hot-queries.test.ts does for
// the blog). The site holds 2,000 images (one per post would be the common case) and 200 pages.
import t from 'tap'
import mongoose, { Types } from 'mongoose'
import { QUEUES } from '@site/contracts'
import { silentLog } from '@site/service-kit'
import { createScheduleQueue, sweepSchedule } from '@site/service-kit/editorial'
import { holdQueries, queryRecorder, testApp } from '@site/service-kit/testing'
import { content } from './helpers.js'
import { pageModel } from '../src/models/page.js'
import { imageVariantsModel, mediaModel } from '../src/models/media.js'
import { PAGE_SCHEDULE } from '../src/lib/page-schedule.js'
import { toPageDto } from '../src/lib/dto.js'

const IMAGES = 2000
const BOUND = 100
const s = await testApp({ ...content, t })
const { app } = s
const pages = pageModel(app.db)
const long = new Date(Date.now() - 86400_000)
await pages.insertMany(
  Array.from({ length: 200 }, (_, i) => ({
    slug: `page-${i}`,
    title_nl: `Pagina ${i}`,
    title_en: `Page ${i}`,
    content_nl: `<p>${'tekst '.repeat(200)}</p>`,
    content_en: `<p>${'text '.repeat(200)}</p>`,
    published: i % 5 !== 0,
  })),
)
const paths = Array.from({ length: IMAGES }, (_, i) => `media/${new Types.ObjectId().toHexString()}-${i}.jpg`)
for (let i = 0; i < IMAGES; i += 500) {
  const slice = paths.slice(i, i + 500)
  await imageVariantsModel(app.db).insertMany(
    slice.map((_id) => ({
      _id,
      width: 2400,
      height: 1600,
      widths: [640, 1280],
      done: true,
      updated_at: long,
    })),
  )
  await mediaModel(app.db).insertMany(
    slice.map((path, k) => ({
      name: `foto-${i + k}.jpg`,
      name_key: `foto-${i + k}.jpg`,
      kind: 'image',
      content_type: 'image/jpeg',
      path,
      bytes: 1,
      width: 2400,
      height: 1600,
      alt_nl: 'Foto',
      alt_en: 'Photo',
    })),
  )
}

const { captured, during } = queryRecorder(mongoose)
const ok = (res: { statusCode: number; body: string }, status = 200) => {
  if (res.statusCode !== status) throw new Error(`${res.statusCode}: ${res.body}`)
  return res
}

await during('visitor', async () => {
  ok(await s.call('GET', '/api/pages/slug/page-7'))
  ok(await s.call('GET', '/api/pages/slug/no-such-page'), 404)
  const src = [paths[10], paths[1500], 'media/unknown.jpg'].map((p) => `/objects/${p}`).join(',')
  ok(await s.call('GET', `/api/content/images?src=${encodeURIComponent(src)}`))
})
const target = await pages.findOne({ slug: 'page-9' }).lean()
await during('admin save', async () => {
  const input = {
    slug: 'page-9',
    title_nl: 'Pagina 9',
    title_en: 'A new title',
    content_nl: '<p>Tekst</p>',
    content_en: '<p>Text</p>',
    published: true,
  }
  ok(await s.call('PUT', `/api/pages/${target!._id}`, input, s.admin))
})
const schedule = createScheduleQueue<'pageId'>(QUEUES.pageSchedule, {
  redisUrl: s.env.REDIS_URL!,
  prefix: s.env.QUEUE_PREFIX!,
})
t.teardown(() => schedule.close())
const deps = {
  ...PAGE_SCHEDULE,
  model: pages,
  changes: app.changes.log,
  toDto: toPageDto,
  label: () => 'x',
}
await sweepSchedule(deps, schedule.queue, silentLog) // marks what predates the mark: once
await during('timers', () => sweepSchedule(deps, schedule.queue, silentLog))

holdQueries(t, app.db, captured, { bound: BOUND, size: IMAGES })
