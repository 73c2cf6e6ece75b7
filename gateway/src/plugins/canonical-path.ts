import fp from 'fastify-plugin'
import { isPage } from '../cache/visitor.js'

/**
 * One spelling per page (issue 42): the web app's router matches `/Blog`, `/blog/` and `//blog`
 * as `/blog`, so each would be rendered and kept as an entry of its own. As a real site does, the
 * gateway answers such a spelling with a 301 to the canonical one (query kept), before the shared
 * cache looks: repeated slashes collapsed, no trailing slash (but the root), and the site's own
 * path words (the language, the section) in lower case. Slugs, tokens and asset names keep their
 * case: only what the router itself names is folded.
 */

/** The path words the web app's router names (web/src/app/routes.tsx). */
const LANGUAGES = new Set(['en', 'de'])
const SECTIONS = new Set(['blog', 'pages', 'projects', 'preview', 'admin'])
const PREVIEWED = new Set(['blog', 'pages'])

/** The canonical spelling of a page path (the same string when it is one). */
export function canonicalPath(path: string): string {
  let canonical = path.replace(/\/{2,}/g, '/')
  if (canonical.length > 1 && canonical.endsWith('/')) canonical = canonical.slice(0, -1)
  const words = canonical.split('/')
  let at = 1
  const fold = (allowed: Set<string>) => {
    const word = words[at]?.toLowerCase()
    if (word === undefined || !allowed.has(word)) return false
    words[at++] = word
    return true
  }
  fold(LANGUAGES)
  if (fold(SECTIONS) && words[at - 1] === 'preview') fold(PREVIEWED)
  return words.join('/')
}

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      const mark = request.url.indexOf('?')
      const path = mark < 0 ? request.url : request.url.slice(0, mark)
      if (!isPage(path)) return
      const canonical = canonicalPath(path)
      if (canonical === path) return
      const location = canonical + (mark < 0 ? '' : request.url.slice(mark))
      return reply
        .code(301)
        .header('location', location)
        .header('cache-control', 'public, max-age=86400')
        .header('cache-status', 'gateway; detail=canonical-redirect')
        .send()
    })
  },
  { name: 'gateway-canonical-path' },
)
