// An admin's HTTP client for the seed: signs in through the gateway as the stack's admin, sends the
// session cookie and the site's Origin (the services' CSRF check), and waits out the gateway's rate
// limit (429 with Retry-After) instead of failing, so a large seed goes through at the site's pace.

export class SeedError extends Error {}

/** @param {string} origin the site, e.g. http://localhost:8080 */
export async function signIn(origin, username, password) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, password }),
  })
  if (res.status === 401)
    throw new SeedError(
      `the site refused ${username}'s password: set ADMIN_USERNAME and ADMIN_PASSWORD as for npm start`,
    )
  if (!res.ok) throw new SeedError(`signing in failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return client(origin, cookie)
}

function client(origin, cookie) {
  async function call(method, path, { json, form, anonymous = false } = {}) {
    for (let attempt = 0; ; attempt++) {
      const headers = { origin, ...(anonymous ? {} : { cookie }) }
      if (json !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(`${origin}${path}`, {
        method,
        headers,
        body: json !== undefined ? JSON.stringify(json) : form,
      })
      if (res.status === 429 && attempt < 10 && !anonymous) {
        const wait = Number(res.headers.get('retry-after') ?? 5)
        await res.arrayBuffer()
        await new Promise((r) => setTimeout(r, Math.min(60, Math.max(1, wait)) * 1000))
        continue
      }
      const body = (res.headers.get('content-type') ?? '').includes('json')
        ? await res.json()
        : await res.text()
      return { status: res.status, body }
    }
  }
  return {
    get: (path) => call('GET', path),
    post: (path, json, opts = {}) => call('POST', path, { json, ...opts }),
    /** One file as multipart field `file`. */
    upload: (path, bytes, name, type) => {
      const form = new FormData()
      form.append('file', new Blob([bytes], { type }), name)
      return call('POST', path, { form })
    },
    /** Every item of a paged list (the paging contract: items, total; pageSize at most 50). */
    async all(path) {
      const items = []
      for (let page = 1; ; page++) {
        const sep = path.includes('?') ? '&' : '?'
        const { status, body } = await call('GET', `${path}${sep}page=${page}&pageSize=50`)
        if (status !== 200) throw new SeedError(`GET ${path}: ${status} ${JSON.stringify(body)}`)
        items.push(...body.items)
        if (items.length >= body.total || !body.items.length) return items
      }
    },
  }
}
