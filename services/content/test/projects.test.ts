// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import sharp from 'sharp'
import type { PagedList, Project } from '@site/contracts'
import { MAX_UPLOAD_BYTES } from '@site/contracts'
import { multipart, content, text } from './helpers.js'
import { sweepOrphanImages } from '../src/lib/orphans.js'
import { ObjectStore } from '../src/lib/objects.js'
import { createModels } from '../src/plugins/store.js'

const project = (extra: object = {}) => ({
  title: 'Webshop',
  description: 'A shop built in 5 days',
  ...extra,
})

/** A real photo-like JPEG carrying EXIF metadata (camera make, GPS-ish comment) that must not survive. */
async function jpegWithExif() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'private-owner' } })
    .toBuffer()
}
const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer()

t.test('project CRUD: anonymous reads, admin writes, newest first, URLs checked', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  t.same((await app.inject({ method: 'GET', url: '/api/projects' })).json(), {
    items: [],
    page: 1,
    pageSize: 12,
    total: 0,
  })
  t.equal((await app.inject({ method: 'POST', url: '/api/projects', payload: project() })).statusCode, 401)

  const first = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: admin,
    payload: project({ link_url: 'www.example.com', video_url: '' }),
  })
  t.equal(first.statusCode, 201)
  const a = first.json<Project>()
  t.equal(a.link_url, 'https://www.example.com', 'a link without scheme gets https://')
  t.equal(a.video_url, null)
  t.equal(a.image_url, null)
  const b = (
    await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: admin,
      payload: project({ title: 'Second', video_url: 'https://youtu.be/abc' }),
    })
  ).json<Project>()
  const list = await app.inject({ method: 'GET', url: '/api/projects' })
  t.same(
    list.json<PagedList<Project>>().items.map((p) => p.id),
    [b.id, a.id],
    'newest first',
  )
  const etag = list.headers.etag as string
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/projects', headers: { 'if-none-match': etag } }))
      .statusCode,
    304,
  )

  const bad = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: admin,
    payload: project({ link_url: 'javascript:alert(1)' }),
  })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().message, 'Link URL must be a valid http(s) URL')
  const badImage = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: admin,
    payload: project({ image_url: '/objects/../etc/passwd' }),
  })
  t.equal(badImage.json().message, 'Image URL must be an uploaded image or a valid http(s) URL')
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: admin,
        payload: { description: 'x' },
      })
    ).json().message,
    'Title is required',
  )
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: admin,
        payload: { title: 'x', description: '' },
      })
    ).json().message,
    'Description is required',
  )

  for (const [field, max, message] of [
    ['title', 200, 'Title must be 200 characters or less'],
    ['description', 2000, 'Description must be 2000 characters or less'],
  ] as const) {
    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: admin,
          payload: project({ [field]: text(max) }),
        })
      ).statusCode,
      201,
    )
    const over = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: admin,
      payload: project({ [field]: text(max + 1) }),
    })
    t.equal(over.statusCode, 400)
    t.equal(over.json().message, message)
  }

  const put = await app.inject({
    method: 'PUT',
    url: `/api/projects/${a.id}`,
    headers: admin,
    payload: project({ title: 'Renamed', link_url: 'https://example.org/x' }),
  })
  t.equal(put.statusCode, 200)
  t.equal(put.json().title, 'Renamed')
  t.equal(put.json().created_at, a.created_at)
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/projects', headers: { 'if-none-match': etag } }))
      .statusCode,
    200,
    'a write changes the ETag',
  )
  t.equal(
    (
      await app.inject({
        method: 'PUT',
        url: '/api/projects/0123456789abcdef01234567',
        headers: admin,
        payload: project(),
      })
    ).statusCode,
    404,
  )
  t.equal((await app.inject({ method: 'DELETE', url: `/api/projects/${a.id}` })).statusCode, 401)
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/projects/${a.id}`, headers: admin })).statusCode,
    204,
  )
  const gone = await app.inject({ method: 'DELETE', url: `/api/projects/${a.id}`, headers: admin })
  t.equal(gone.statusCode, 404)
  t.equal(gone.json().message, 'Project not found')
})

t.test('image upload: real images stored clean and served with cache headers', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const upload = (body: ReturnType<typeof multipart>, headers: Record<string, string> = admin) =>
    app.inject({
      method: 'POST',
      url: '/api/projects/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    })
  const stored = () => app.db.collection('objects.files').countDocuments()

  const anon = await upload(multipart(await png()), {})
  t.equal(anon.statusCode, 401)

  const jpeg = await jpegWithExif()
  t.ok(jpeg.includes(Buffer.from('SecretCam')), 'the fixture carries metadata')
  const up = await upload(multipart(jpeg, 'holiday.jpg', 'image/jpeg'))
  t.equal(up.statusCode, 200)
  const { uploadURL } = up.json<{ uploadURL: string }>()
  t.match(uploadURL, /^\/objects\/projects\/[a-f0-9]{24}\.jpg$/)
  const record = await app.changes.log.model.findOne({ kind: 'project', action: 'upload' }).lean()
  t.match(record, { target_label: uploadURL, actor_name: 'admin' }, 'in the audit trail (issue 45)')
  const served = await app.inject({ method: 'GET', url: uploadURL })
  t.equal(served.statusCode, 200)
  t.equal(served.headers['content-type'], 'image/jpeg')
  t.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.equal(served.headers['x-content-type-options'], 'nosniff')
  t.equal(Number(served.headers['content-length']), served.rawPayload.length)
  t.notOk(served.rawPayload.includes(Buffer.from('SecretCam')), 'metadata stripped')
  const meta = await sharp(served.rawPayload).metadata()
  t.equal(meta.format, 'jpeg')
  t.equal(meta.width, 64)
  t.notOk(meta.exif, 'no EXIF left')
  const etag = served.headers.etag as string
  t.ok(etag)
  const notModified = await app.inject({ method: 'GET', url: uploadURL, headers: { 'if-none-match': etag } })
  t.equal(notModified.statusCode, 304)
  t.equal(notModified.rawPayload.length, 0)

  const pngUp = await upload(multipart(await png(), 'logo.png', 'image/png'))
  t.equal(pngUp.statusCode, 200)
  const pngUrl = pngUp.json().uploadURL as string
  t.match(pngUrl, /\.png$/)
  const pngServed = await app.inject({ method: 'GET', url: pngUrl })
  t.equal(pngServed.headers['content-type'], 'image/png')
  t.equal((await sharp(pngServed.rawPayload).metadata()).hasAlpha, true)

  // The file name and declared type do not matter: the bytes do.
  const png2 = await upload(multipart(await png(), 'logo.txt', 'text/plain'))
  t.equal(png2.statusCode, 200)
  t.match(png2.json().uploadURL, /\.png$/)

  const before = await stored()
  const fake = await upload(multipart(Buffer.from('just some text, honestly\n'), 'evil.png', 'image/png'))
  t.equal(fake.statusCode, 400)
  t.equal(fake.json().message, 'Please select an image file')
  const truncated = await upload(
    multipart(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('not really'),
      ]),
      'broken.png',
    ),
  )
  t.equal(truncated.statusCode, 400, 'PNG magic bytes alone are not enough')
  t.equal(truncated.json().message, 'Please select an image file')
  const noFile = await app.inject({
    method: 'POST',
    url: '/api/projects/upload',
    headers: admin,
    payload: { file: 'x' },
  })
  t.equal(noFile.statusCode, 400)
  t.equal(noFile.json().message, 'Please select an image file')

  const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES, 0)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(atLimit)
  t.equal(
    (await upload(multipart(atLimit, 'big.png'))).statusCode,
    400,
    'exactly 10 MB is not too large (but not an image)',
  )
  const overLimit = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(overLimit)
  const tooBig = await upload(multipart(overLimit, 'big.png'))
  t.equal(tooBig.statusCode, 413)
  t.equal(tooBig.json().message, 'File size must be less than 10MB')
  t.equal(await stored(), before, 'nothing stored for rejected files')

  t.equal(
    (await app.inject({ method: 'GET', url: '/objects/projects/0123456789abcdef01234567.png' })).statusCode,
    404,
  )
  t.equal((await app.inject({ method: 'GET', url: '/objects/../../etc/passwd' })).statusCode, 404)
})

t.test('a project owns its uploaded images while it or its history shows them', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const uploadPng = async () => {
    const body = multipart(await png())
    const res = await app.inject({
      method: 'POST',
      url: '/api/projects/upload',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    })
    return res.json<{ uploadURL: string }>().uploadURL
  }
  const status = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode
  const first = await uploadPng()
  const created = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: admin,
    payload: project({ image_url: first }),
  })
  t.equal(created.statusCode, 201)
  const p = created.json<Project>()
  t.equal(p.image_url, first, 'the uploadURL is stored as image_url')
  t.equal(await status(first), 200)

  const second = await uploadPng()
  await app.inject({
    method: 'PUT',
    url: `/api/projects/${p.id}`,
    headers: admin,
    payload: project({ image_url: second }),
  })
  t.equal(await status(first), 200, 'the replaced image stays: the first revision shows it')
  const [, created1] = (await app.inject({ url: `/api/projects/${p.id}/revisions`, headers: admin })).json<{
    items: { id: string }[]
  }>().items
  const restored = await app.inject({
    method: 'POST',
    url: `/api/projects/${p.id}/revisions/${created1!.id}/restore`,
    headers: admin,
  })
  t.equal(restored.json<Project>().image_url, first, 'a restore brings the first image back')
  t.equal(await status(first), 200)

  await app.inject({ method: 'DELETE', url: `/api/projects/${p.id}`, headers: admin })
  t.equal(await status(first), 200, 'a deleted project keeps its images while its history is kept')
  // The hourly sweeps, a month on: the deleted project's history goes, then its images.
  const later = new Date(Date.now() + 31 * 24 * 3600 * 1000)
  await app.changes.log.sweep(later)
  const models = createModels(app.db)
  const objects = new ObjectStore(app.db, 0)
  t.equal(await sweepOrphanImages(models, app.changes.log, objects, later), 2, 'both images go')
  t.equal(await app.db.collection('objects.files').countDocuments(), 0)
  t.equal(await app.db.collection('objects.chunks').countDocuments(), 0)
})

t.test('uploads never attached to a project are swept; attached ones stay', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const uploadPng = async () => {
    const body = multipart(await png())
    const res = await app.inject({
      method: 'POST',
      url: '/api/projects/upload',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    })
    return res.json<{ uploadURL: string }>().uploadURL
  }
  const kept = await uploadPng()
  const orphan = await uploadPng()
  await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: admin,
    payload: project({ image_url: kept }),
  })
  // What the hourly sweep runs, with cutoffs instead of waiting a day.
  const models = createModels(app.db)
  const objects = new ObjectStore(app.db, 0)
  t.equal(
    await sweepOrphanImages(models, app.changes.log, objects, new Date(Date.now() - 3600_000)),
    0,
    'recent uploads are left alone',
  )
  t.equal(await sweepOrphanImages(models, app.changes.log, objects, new Date(Date.now() + 1000)), 1)
  t.equal((await app.inject({ method: 'GET', url: orphan })).statusCode, 404)
  t.equal((await app.inject({ method: 'GET', url: kept })).statusCode, 200)
})

t.test('projects in pages: page 2 and total, limits', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  for (let i = 0; i < 5; i++) {
    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: admin,
          payload: project({ title: `P${i}` }),
        })
      ).statusCode,
      201,
    )
  }
  const p2 = await app.inject({ method: 'GET', url: '/api/projects?page=2&pageSize=2' })
  t.match(p2.json(), { page: 2, pageSize: 2, total: 5 })
  t.same(
    p2.json<PagedList<Project>>().items.map((p) => p.title),
    ['P2', 'P1'],
  )
  t.equal(
    (
      await app.inject({
        method: 'GET',
        url: '/api/projects?page=2&pageSize=2',
        headers: { 'if-none-match': p2.headers.etag as string },
      })
    ).statusCode,
    304,
  )
  t.equal((await app.inject({ method: 'GET', url: '/api/projects?pageSize=51' })).statusCode, 400)
  t.equal((await app.inject({ method: 'GET', url: '/api/projects?pageSize=50' })).json().items.length, 5)
})

// No boundary, or a body that ends early, is a 400 naming the problem (was 500).
t.test('POST /api/projects/upload: broken multipart is a 400 naming the problem', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const body = multipart(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer(),
  )
  const noBoundary = await app.inject({
    method: 'POST',
    url: '/api/projects/upload',
    headers: { ...admin, 'content-type': 'multipart/form-data' },
    payload: body.payload,
  })
  t.equal(noBoundary.statusCode, 400)
  t.match(noBoundary.json(), { code: 'MULTIPART_NO_BOUNDARY', message: /boundary/i })
  for (const cut of [body.payload.length - 10, Math.floor(body.payload.length / 2), 30]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/projects/upload',
      headers: { ...admin, ...body.headers },
      payload: body.payload.subarray(0, cut),
    })
    t.equal(res.statusCode, 400, `cut at ${cut} bytes`)
    t.match(res.json(), { code: 'MULTIPART_TRUNCATED', message: /ended before/i }, `cut at ${cut} bytes`)
  }
})
