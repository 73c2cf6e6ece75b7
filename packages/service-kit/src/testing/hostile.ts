import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Connection } from 'mongoose'
import type { RouteInfo } from '../service.js'

/** One hostile request body: what it is, its bytes and content type. */
export interface HostileBody {
  what: string
  payload: string | Buffer
  contentType: string
  /** The object itself, for bodies that can be merged into a valid body. */
  value?: Record<string, unknown>
}

const json = (what: string, value: unknown): HostileBody => ({
  what,
  payload: JSON.stringify(value),
  contentType: 'application/json',
  ...(value && typeof value === 'object' && !Array.isArray(value)
    ? { value: value as Record<string, unknown> }
    : {}),
})
const raw = (what: string, payload: string, contentType = 'application/json'): HostileBody => ({
  what,
  payload,
  contentType,
})

/**
 * The table of hostile JSON bodies every service's write routes are fuzzed with:
 * update operators, dotted and `$` keys, prototype keys, deep nesting, wrong types, huge strings
 * and broken JSON. Field names are the ones our routes use, so operators land where they could hurt.
 */
export function hostileJsonBodies(): HostileBody[] {
  const fields = [
    'title_nl',
    'title_en',
    'name',
    'email',
    'message',
    'handled',
    'username',
    'password',
    'currentPassword',
    'ids',
    'title',
    'slug',
    'published',
  ]
  return [
    json('$set operator', { $set: { published: true, handled: true } }),
    json('$inc and $unset operators', { $inc: { views: 1 }, $unset: { title_nl: 1 } }),
    json('$where', { $where: 'sleep(100) || true' }),
    json('operators as field values', Object.fromEntries(fields.map((f) => [f, { $gt: '' }]))),
    json('$regex and $ne values', Object.fromEntries(fields.map((f) => [f, { $regex: '.*', $ne: null }]))),
    json('dotted keys', { 'title_nl.x': 'y', 'notification.status': 'sent', 'a.b.c': 1 }),
    json('$ inside keys', { a$b: 1, $c: 2 }),
    json('_id and dates', {
      _id: '0123456789abcdef01234567',
      created_at: '2001-01-01T00:00:00Z',
      updated_at: 0,
    }),
    raw('__proto__ key', '{"__proto__":{"admin":true,"published":true}}'),
    raw('constructor.prototype key', '{"constructor":{"prototype":{"admin":true}}}'),
    raw('deep array nesting (10,000)', `${'['.repeat(10_000)}${']'.repeat(10_000)}`),
    raw('deep object nesting (30)', `${'{"a":'.repeat(29)}{}${'}'.repeat(29)}`),
    raw('deep nesting in a field', `{"title_nl":${'{"a":'.repeat(200)}1${'}'.repeat(200)},"name":"x"}`),
    json('array body', [1, 2, 3]),
    json('string body', 'just a string'),
    json('number body', 12345),
    json('null body', null),
    // Types Ajv's coercion cannot turn into a valid value (it would read 1 or "true" as a boolean).
    json('wrong field types: objects', Object.fromEntries(fields.map((f, i) => [f, { x: i }]))),
    json('wrong field types: arrays', Object.fromEntries(fields.map((f, i) => [f, [i, 'x', null]]))),
    json('huge strings', Object.fromEntries(fields.map((f) => [f, 'x'.repeat(60_000)]))),
    json('one 900 KB string', { title_nl: 'y'.repeat(900_000), message: 'z' }),
    raw('broken JSON', '{"title_nl": "x", '),
    raw('single quotes', "{'title_nl': 'x'}"),
    raw('empty body', ''),
    raw('JSON declared, form sent', 'title_nl=x&title_en=y'),
    {
      what: 'invalid UTF-8 in a key',
      payload: Buffer.concat([
        Buffer.from('{"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('":{"$gt":""}}'),
      ]),
      contentType: 'application/json',
    },
  ]
}

/** Broken multipart bodies for upload routes. */
export function hostileMultipartBodies(): HostileBody[] {
  const b = 'fuzzboundary123'
  const part = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\nContent-Type: text/markdown\r\n\r\n# Title\n\nText.\r\n--${b}--\r\n`
  return [
    raw('multipart without boundary', part, 'multipart/form-data'),
    raw('multipart cut short', part.slice(0, part.length - 20), `multipart/form-data; boundary=${b}`),
    raw('multipart cut in the headers', part.slice(0, 40), `multipart/form-data; boundary=${b}`),
    raw('multipart with a foreign boundary', part, 'multipart/form-data; boundary=other'),
    raw('multipart garbage', 'not multipart at all', `multipart/form-data; boundary=${b}`),
    raw(
      'multipart __proto__ field',
      `--${b}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${b}--\r\n`,
      `multipart/form-data; boundary=${b}`,
    ),
    raw('multipart empty', '', `multipart/form-data; boundary=${b}`),
    raw('JSON sent to an upload', '{"file":"x"}'),
  ]
}

/** Everything a service stored, in a comparable form (collections sorted by name, documents by _id). */
export async function snapshotDatabase(db: Connection): Promise<string> {
  const native = db.db!
  const names = (await native.listCollections().toArray())
    .map((c) => c.name)
    .filter((n) => !n.startsWith('system.'))
    .sort()
  const out: Record<string, unknown[]> = {}
  for (const name of names) out[name] = await native.collection(name).find({}).sort({ _id: 1 }).toArray()
  return JSON.stringify(out)
}

export interface FuzzResult {
  route: string
  what: string
  status: number
}

/**
 * Sends every hostile body to every write route (POST/PUT/PATCH) of `app` except `skip`, with the
 * given headers (an admin session), filling route params from `params`. Returns every answer; the
 * test asserts none is ≥ 500 and compares a database snapshot from before and after.
 */
/** A fuzz run as a test asserts it: how many were sent, which failed (5xx), which were taken (below 400). */
export const fuzzVerdict = (results: FuzzResult[]) => ({
  sent: results.length,
  failed: results.filter((r) => r.status >= 500),
  accepted: results.filter((r) => r.status < 400),
})

export async function fuzzWriteRoutes(
  app: FastifyInstance & { routeList: RouteInfo[] },
  opts: {
    headers: Record<string, string>
    params?: Record<string, string>
    skip?: string[]
    /** A valid body per route (`'PUT /api/pages/:id'`): each hostile object is also sent merged into it. */
    valid?: Record<string, Record<string, unknown>>
  },
): Promise<FuzzResult[]> {
  const results: FuzzResult[] = []
  const writes = app.routeList.filter(
    (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !(opts.skip ?? []).includes(`${r.method} ${r.url}`),
  )
  for (const r of writes) {
    const url = r.url.replace(
      /:([A-Za-z_]+)/g,
      (_, p: string) => opts.params?.[p] ?? '0123456789abcdef01234567',
    )
    const valid = opts.valid?.[`${r.method} ${r.url}`]
    const merged = valid
      ? hostileJsonBodies()
          .filter((b) => b.value)
          .map((b) => json(`valid body + ${b.what}`, { ...valid, ...b.value }))
      : []
    const bodies = /upload/.test(r.url)
      ? [...hostileMultipartBodies(), ...hostileJsonBodies().slice(0, 3)]
      : [...hostileJsonBodies(), ...merged]
    for (const body of bodies) {
      const request: InjectOptions = {
        method: r.method as 'POST',
        url,
        headers: { ...opts.headers, 'content-type': body.contentType },
        payload: body.payload,
      }
      const res = await app.inject(request)
      results.push({ route: `${r.method} ${r.url}`, what: body.what, status: res.statusCode })
    }
  }
  return results
}
