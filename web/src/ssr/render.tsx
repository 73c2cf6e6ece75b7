// React's server render of a page the static handler matched and loaded: the query cache, the boot
// state, the site origin and the language are module state, so pages render one at a time
// (rendering is synchronous work once the data is loaded; the loads run in parallel). A page whose
// client has gone by its turn is not rendered (the web server bounds how many wait: routes/pages.ts).
import { renderToPipeableStream, renderToString as renderToStringNow } from 'react-dom/server'
import { Writable } from 'node:stream'
import {
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom'
import { useLanguageStore, type Language } from '@/i18n'
import { resetQueryCache, seedQueryCache } from '@/lib/query'
import { setSiteOrigin } from '@/lib/siteOrigin'
import { App } from '@/app/App'
import { setBootState } from '@/app/bootState'
import type { SsrPayload } from '@/app/ssrPayload'

/** The page's client left before its render: nothing was rendered (the web server counts it). */
export class PageAbandoned extends Error {
  override name = 'PageAbandoned'
}

let queue: Promise<unknown> = Promise.resolve()
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn)
  queue = run.catch(() => undefined)
  return run
}

function renderStreamed(node: React.ReactNode, onError: (err: unknown) => void): Promise<string> {
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

/** The page's HTML (the app inside the static router), with the data the browser will hydrate from. */
export function renderPage(
  handler: StaticHandler,
  context: StaticHandlerContext,
  language: Language,
  payload: SsrPayload,
  onError: (err: unknown) => void,
  signal?: AbortSignal,
): Promise<string> {
  return exclusive(async () => {
    // Its turn has come, but nobody waits for it any more: skip the work.
    if (signal?.aborted) throw new PageAbandoned()
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
      // Once every lazy module of the page is loaded (after its first render in this process), the
      // page renders synchronously into a string: no bytes encoded and decoded again. A boundary
      // that suspended or failed shows as `<!--$!-->`: then the streamed render below.
      const now = renderToStringNow(tree)
      if (!now.includes('<!--$!-->')) return now
      // A lazy page's first render suspends until its module is loaded; React then completes that
      // boundary with an inline script, which the CSP blocks. Once loaded, a lazy module renders
      // synchronously: render again, so the page's HTML is complete and has no script of React's.
      let html = await renderStreamed(tree, onError)
      for (let attempt = 1; attempt < 4 && /<script/i.test(html); attempt++)
        html = await renderStreamed(tree, onError)
      return html
    } finally {
      resetQueryCache()
    }
  })
}
