import fp from 'fastify-plugin'
import { HttpError } from './errors.js'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for cookie sessions (design §4). A state-changing request is accepted only if
 * - it does not come from another site: `Sec-Fetch-Site` is same-origin/none when sent, and
 *   `Origin`, when sent, is one of ours; and
 * - it could not have been sent by a plain HTML form: forms send only GET and POST, so a POST
 *   needs a JSON or multipart content type, or the `X-Requested-With` header (a cross-site form
 *   can set neither without a CORS preflight, which we never allow). PUT, PATCH and DELETE always
 *   need that preflight cross-site, so the origin checks suffice for them (the queue dashboard's
 *   body-less PUTs rely on this).
 * Requests without any cookie carry no ambient authority and are not checked.
 */
export default fp<{ origins: string[] }>(
  async (app, opts) => {
    const allowed = new Set(opts.origins.map((o) => o.trim().replace(/\/$/, '')).filter(Boolean))
    app.addHook('onRequest', async (request) => {
      if (SAFE.has(request.method) || !request.headers.cookie) return
      const site = request.headers['sec-fetch-site']
      if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw rejection()
      const origin = request.headers.origin
      if (typeof origin === 'string' && origin !== 'null' && !allowed.has(origin)) throw rejection()
      if (origin === 'null') throw rejection()
      if (request.method !== 'POST') return
      const type = String(request.headers['content-type'] ?? '')
      const ajaxish =
        /^(application\/json|multipart\/form-data)/i.test(type) ||
        request.headers['x-requested-with'] !== undefined
      // A body-less POST (logout, delete) is sent by our client with X-Requested-With.
      if (!ajaxish) throw rejection()
    })
  },
  { name: 'kit-csrf' },
)

function rejection() {
  return new HttpError(403, 'This request was refused because it did not come from this site.', 'CSRF')
}
