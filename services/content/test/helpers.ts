import { randomBytes } from 'node:crypto'
import { createTestSession, testEnv } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

interface Teardown {
  teardown(fn: () => unknown): void
}

/** A content service on its own test database, with an admin session; dropped and closed after the test. */
export async function setup(t: Teardown, extraEnv: Record<string, string> = {}, opts: { keepDb?: boolean } = {}) {
  const config = readConfig(testEnv('content', extraEnv))
  const app = await buildApp(config)
  await app.ready()
  const { cookie } = await createTestSession(config)
  t.teardown(async () => {
    if (!opts.keepDb) await app.db.dropDatabase().catch(() => undefined)
    await app.close()
  })
  // What the web client sends: the session cookie and X-Requested-With (CSRF rule of the kit).
  const admin = { cookie, 'x-requested-with': 'XMLHttpRequest' }
  return { app, config, admin }
}

export function multipart(bytes: Buffer, filename = 'image.png', contentType = 'image/png', field = 'file') {
  const boundary = `----sitetest${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export const text = (n: number, c = 'a') => c.repeat(n)
