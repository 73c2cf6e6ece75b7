// @tier services
// Issue 45: /api/content/images?src=… is public and its cache key is the list of paths, so every new
// src is a miss. A path nobody stored costs one read by `_id` (the variants record) and no lookup of
// the library's `path` field.
import t from 'tap'
import mongoose from 'mongoose'
import { captureQueries, testApp } from '@site/service-kit/testing'
import { content } from './helpers.js'

const s = await testApp({ ...content, t })

t.test('unknown paths: one read by _id each, none of the library by path', async (t) => {
  const src = ['media/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', 'projects/bbbbbbbbbbbbbbbbbbbbbbbb.png']
    .map((p) => `/objects/${p}`)
    .join(',')
  const capture = captureQueries(mongoose)
  const res = await s.call('GET', `/api/content/images?src=${encodeURIComponent(src)}`)
  // Only the two collections the route reads (the app's start may still be seeding others).
  const queries = capture.stop().filter((q) => ['image_variants', 'media'].includes(q.collection))
  t.equal(res.statusCode, 200, res.body)
  t.same(res.json(), { items: [] })
  t.same(
    queries.map((q) => `${q.collection} ${Object.keys(q.filter).sort().join(',')}`),
    ['image_variants _id,done', 'image_variants _id,done'],
    'two reads by _id, no media lookup',
  )
})
