// The app rendered on the server, for the web server (web/server/, bundled with it by Vite): a page
// is matched and loaded by React Router's static handler over the one route table
// (app/routes.tsx), whose matched route says its status, head, data and chunks; then rendered by
// React (render.tsx) into the built index.html with its head and embedded data. Also the
// sitemaps, robots and feeds.
import { createStaticHandler, type RouteObject } from 'react-router-dom'
import { PAGE_BOOT_SCRIPT } from '@site/contracts/page-scripts'
import { languageFromPath } from '@/i18n'
import { parsePageNumber } from '@/lib/pageNumber'
import type { QueryKey } from '@/lib/query'
import { readKeys, type PageAnswer, type RouteHandle, type ServerLoadContext } from '@/app/page'
import { routes } from '@/app/routes'
import { SSR_DATA_ID, type SsrPayload } from '@/app/ssrPayload'
import { assetLinks, type Manifest } from './assets'
import { jsonForScript } from './escape'
import { heads, renderHead } from './head'
import { fetchRead, type Upstreams } from './reads'
import { PageAbandoned, renderPage } from './render'

export { PageAbandoned }
import * as seo from './seo'

export interface RendererOptions {
  /**
   * web/dist/index.html: `<!--app-boot-->`, `<!--app-head-->`, `<!--app-html-->` and
   * `<!--app-data-->` mark where the page goes.
   */
  template: string
  upstreams: Upstreams
  /** The site's public origin (PUBLIC_ORIGIN): absolute URLs of canonical, Open Graph, sitemap, feeds. */
  origin: string
  /**
   * Vite's client manifest: the stylesheets and module preloads of the lazy chunks a page renders.
   * None in development (`npm run dev`): Vite's dev server serves each module as it is asked for.
   */
  manifest: Manifest | null
  /** Posts per sitemap file (1 to 50; default 50, SITEMAP_POSTS_PER_FILE). */
  sitemapPostsPerFile?: number
  onError?: (err: unknown) => void
}

export interface RenderedPage {
  status: number
  html: string
  /** The keys of the public reads the page was built from. */
  reads: QueryKey[]
  /** The surrogate keys of the answers those reads got (the page's Surrogate-Key). */
  surrogateKeys: string[]
  /** A page for the one holding its link (a preview): `private, no-store`, never indexed. */
  private: boolean
}

/** The pages' one inline script (the returning visitor's language redirect), allowed by the gateway's CSP hash. */
const BOOT = `<script id="app-boot">${PAGE_BOOT_SCRIPT}</script>`

/** Every lazy module the route table names (checked against the build at start). */
function chunksOf(table: RouteObject[]): string[] {
  return table.flatMap((r) => [...((r.handle as RouteHandle)?.chunks ?? []), ...chunksOf(r.children ?? [])])
}

export function createRenderer(opts: RendererOptions) {
  const onError = opts.onError ?? (() => undefined)
  const handler = createStaticHandler(routes)
  const assetsFor = opts.manifest ? assetLinks(opts.manifest, [...new Set(chunksOf(routes))]) : () => ''

  /**
   * `session`: the request carried a session cookie. Without one the browser need not ask who is
   * signed in (the answer would be a 401: signed out), so an anonymous visit makes no such call.
   * `signal`: the client has gone; its reads stop.
   */
  async function page(
    href: string,
    { session = false, signal }: { session?: boolean; signal?: AbortSignal } = {},
  ): Promise<RenderedPage> {
    const url = new URL(href, opts.origin)
    const language = languageFromPath(url.pathname)
    const keys = new Set<string>()
    const run: ServerLoadContext['run'] = (read, readSignal) =>
      fetchRead(opts.upstreams, read, readSignal, keys)
    const requestContext: ServerLoadContext = { heads: heads(opts.origin, language), run, onError }
    // The client gone while the page loaded: its reads were stopped, and nothing is rendered.
    const context = await handler
      .query(new Request(url.href, { signal }), { requestContext })
      .catch((err) => {
        throw signal?.aborted ? new PageAbandoned() : err
      })
    if (signal?.aborted) throw new PageAbandoned()
    if (context instanceof Response) throw new Error(`unexpected router response ${context.status}`)
    const leaf = context.matches[context.matches.length - 1]!
    const answer = context.loaderData[leaf.route.id] as PageAnswer
    const fill = (head: string, body: string, data = '') =>
      opts.template
        // Function replacements: a `$&` or `$'` in a page's text must stay text.
        .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
        .replace('<!--app-boot-->', () => BOOT)
        .replace('<!--app-head-->', () => head)
        .replace('<!--app-html-->', () => body)
        .replace('<!--app-data-->', () => data)
    const head = renderHead(answer.head, language)
    // The admin is rendered in the browser only (a lazy chunk for signed-in users).
    if (answer.shell)
      return { status: 200, html: fill(head, ''), reads: [], surrogateKeys: [], private: false }

    const payload: SsrPayload = {
      status: answer.status,
      path: url.pathname,
      origin: opts.origin,
      session,
      queries: answer.queries,
      loaderData: Object.fromEntries(
        context.matches.filter((m) => m.route.loader).map((m) => [m.route.id, null]),
      ),
    }
    const body = await renderPage(handler, context, language, payload, onError, signal)
    // The page's chunks first, then its frame's (the order their stylesheets had).
    const chunks = [...context.matches]
      .reverse()
      .flatMap((m) => (m.route.handle as RouteHandle | undefined)?.chunks ?? [])
    const assets = answer.status === 503 ? '' : assetsFor(chunks)
    const script = `<script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(payload)}</script>`
    return {
      status: answer.status,
      html: fill(`${head}\n    ${assets}`, body, script),
      reads: readKeys(answer),
      surrogateKeys: [...keys],
      private: answer.private,
    }
  }

  const perFile = opts.sitemapPostsPerFile ?? seo.SITEMAP_POSTS_PER_FILE
  return {
    page,
    robots: () => seo.robotsTxt(opts.origin),
    /** The sitemap index (/sitemap.xml). */
    sitemap: () => seo.sitemapIndexXml(opts.upstreams, opts.origin, perFile),
    sitemapPages: () => seo.pagesSitemapXml(opts.upstreams, opts.origin),
    /** `/sitemap-posts-N.xml` for N as written in the URL; null (a 404) when there is no such file. */
    sitemapPosts: async (raw: string) => {
      const n = parsePageNumber(raw)
      return n === null ? null : seo.postsSitemapXml(opts.upstreams, opts.origin, n, perFile)
    },
    feed: (language: Parameters<typeof seo.feedXml>[2]) => seo.feedXml(opts.upstreams, opts.origin, language),
  }
}

export type Renderer = ReturnType<typeof createRenderer>
