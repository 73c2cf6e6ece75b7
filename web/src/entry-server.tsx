// The web server's renderer (bundled with the server, web/server/, by `vite build --ssr`): public pages rendered with React's server renderer from the services' public
// reads, their head, the embedded data the browser hydrates from, and the sitemap, robots and feeds.
import { renderToPipeableStream } from 'react-dom/server'
import { Writable } from 'node:stream'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { useLanguageStore, type Language } from '@/i18n'
import { parsePageNumber } from '@/lib/pageNumber'
import { resetQueryCache, seedQueryCache } from '@/lib/query'
import { setSiteOrigin } from '@/lib/siteOrigin'
import { App } from './app/App'
import { setBootState } from './app/bootState'
import { routes } from './app/routes'
import { SSR_DATA_ID, type SsrPayload } from './app/ssrPayload'
import { jsonForScript } from './server/escape'
import { buildHead, renderHead } from './server/head'
import { loadPage, UpstreamError, type PageData, type Upstreams } from './server/load'
import { resolveRoute, type PageRoute } from './server/routes'
import {
  feedXml,
  pagesSitemapXml,
  postsSitemapXml,
  robotsTxt,
  sitemapIndexXml,
  SITEMAP_POSTS_PER_FILE,
} from './server/seo'
import { PAGE_BOOT_SCRIPT } from '@site/contracts/page-scripts'

export { assetLinks, type Manifest } from './server/assets'
export { UpstreamError } from './server/load'
export type { Upstreams } from './server/load'

export interface RendererOptions {
  /**
   * web/dist/index.html: `<!--app-boot-->`, `<!--app-head-->`, `<!--app-html-->` and
   * `<!--app-data-->` mark where the page goes.
   */
  template: string
  upstreams: Upstreams
  /** The site's public origin (PUBLIC_ORIGIN): absolute URLs of canonical, Open Graph, sitemap, feeds. */
  origin: string
  /** Stylesheets and module preloads of a page kind's code-split chunks (from Vite's manifest). */
  assetsFor?: (kind: PageRoute['kind']) => string
  /** Posts per sitemap file (1 to 50; default 50, SITEMAP_POSTS_PER_FILE). */
  sitemapPostsPerFile?: number
  onError?: (err: unknown) => void
}

export interface RenderedPage {
  status: number
  html: string
}

const handler = createStaticHandler(routes)

// The query cache and the boot state are module state: one page renders at a time (rendering is
// synchronous work once the page's data is loaded, so this costs no parallelism).
let queue: Promise<unknown> = Promise.resolve()
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn)
  queue = run.catch(() => undefined)
  return run
}

function renderToString(node: React.ReactNode, onError: (err: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ''
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        html += chunk.toString()
        cb()
      },
      final(cb) {
        resolve(html)
        cb()
      },
    })
    // onAllReady: the lazy pages are rendered too, so the HTML holds the whole page (no fallbacks).
    const stream = renderToPipeableStream(node, {
      onAllReady: () => stream.pipe(sink),
      // Never outline a finished Suspense boundary (React does for large ones, revealing them with
      // an inline script the CSP blocks): the whole page is written in place, in order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError,
    })
  })
}

async function renderTree(
  url: URL,
  language: Language,
  payload: SsrPayload,
  onError: (err: unknown) => void,
) {
  const request = new Request(url.href, { method: 'GET' })
  const context = await handler.query(request)
  if (context instanceof Response) throw new Error(`unexpected router response ${context.status}`)
  return exclusive(async () => {
    resetQueryCache()
    seedQueryCache(payload.queries)
    setBootState({ status: payload.status, path: payload.path, session: payload.session })
    setSiteOrigin(payload.origin)
    useLanguageStore.setState({ language })
    const router = createStaticRouter(handler.dataRoutes, context)
    const tree = (
      <App>
        {/* hydrate={false}: no inline script (the CSP allows none); our own JSON carries the data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    )
    try {
      // A lazy page's first render suspends until its module is loaded; React then completes that
      // boundary with an inline script, which the CSP blocks. Once loaded, a lazy module renders
      // synchronously: render again, so the page's HTML is complete and has no script of React's.
      let html = await renderToString(tree, onError)
      for (let attempt = 1; attempt < 4 && /<script/i.test(html); attempt++)
        html = await renderToString(tree, onError)
      return html
    } finally {
      resetQueryCache()
    }
  })
}

/** The pages' one inline script (the returning visitor's language redirect), allowed by the gateway's CSP hash. */
const BOOT = `<script id="app-boot">${PAGE_BOOT_SCRIPT}</script>`

export function createRenderer(opts: RendererOptions) {
  const onError = opts.onError ?? (() => undefined)

  /**
   * `session`: the request carried a session cookie. Without one the browser need not ask who is
   * signed in (the answer would be a 401: signed out), so an anonymous visit makes no such call.
   */
  async function page(href: string, { session = false }: { session?: boolean } = {}): Promise<RenderedPage> {
    const url = new URL(href, opts.origin)
    const resolved = resolveRoute(url.pathname, url.searchParams)
    const { language, route } = resolved
    const fill = (head: string, body: string, data = '') =>
      opts.template
        // Function replacements: a `$&` or `$'` in a page's text must stay text.
        .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
        .replace('<!--app-boot-->', () => BOOT)
        .replace('<!--app-head-->', () => head)
        .replace('<!--app-html-->', () => body)
        .replace('<!--app-data-->', () => data)

    if (route.kind === 'admin') {
      // Rendered in the browser only (a lazy chunk for signed-in users); not indexed.
      return {
        status: 200,
        html: fill(`<title>Admin</title>\n    <meta name="robots" content="noindex" />`, ''),
      }
    }
    let data: PageData | null = null
    let status: number
    try {
      data = await loadPage(opts.upstreams, route)
      status = data.status
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err
      onError(err)
      status = 503
    }
    const payload: SsrPayload = {
      status,
      path: url.pathname,
      origin: opts.origin,
      session,
      queries: data?.queries ?? [],
    }
    const body = await renderTree(url, language, payload, onError)
    const head = renderHead(buildHead({ origin: opts.origin, resolved, data, status }), language)
    const assets = status === 503 ? '' : (opts.assetsFor?.(route.kind) ?? '')
    const script = `<script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(payload)}</script>`
    return { status, html: fill(`${head}\n    ${assets}`, body, script) }
  }

  const perFile = opts.sitemapPostsPerFile ?? SITEMAP_POSTS_PER_FILE
  return {
    page,
    robots: () => robotsTxt(opts.origin),
    /** The sitemap index (/sitemap.xml). */
    sitemap: () => sitemapIndexXml(opts.upstreams, opts.origin, perFile),
    sitemapPages: () => pagesSitemapXml(opts.upstreams, opts.origin),
    /** `/sitemap-posts-N.xml` for N as written in the URL; null (a 404) when there is no such file. */
    sitemapPosts: async (raw: string) => {
      const page = parsePageNumber(raw)
      return page === null ? null : postsSitemapXml(opts.upstreams, opts.origin, page, perFile)
    },
    feed: (language: Language) => feedXml(opts.upstreams, opts.origin, language),
  }
}

export type Renderer = ReturnType<typeof createRenderer>
