import fp from 'fastify-plugin'
import { readFile } from 'node:fs/promises'
import type { EnvironmentModuleNode, ViteDevServer } from 'vite'
import type { createRenderer as CreateRenderer, Renderer } from '../../src/ssr/renderer'
import { siteOrigin, type Config } from '../config'
import { externalPreamble } from './preamble'

const RENDERER = '/src/ssr/renderer.tsx'
/** The global stylesheet, which the browser's entry (main.tsx) imports. */
const GLOBAL_CSS = '/src/styles/index.css'

/**
 * The page's stylesheets as links, so it is styled at first paint as in production (where the
 * build links them): the global one and every one the server's module graph has met so far (the
 * rendered pages' lazily loaded components import theirs). `?direct` has Vite answer the CSS itself.
 */
async function stylesheets(vite: ViteDevServer): Promise<string> {
  const graph = vite.environments.ssr.moduleGraph
  const urls = new Set([GLOBAL_CSS])
  const seen = new Set<unknown>()
  const walk = (mod: EnvironmentModuleNode | undefined) => {
    if (!mod || seen.has(mod)) return
    seen.add(mod)
    if (/\.css($|\?)/.test(mod.url)) urls.add(mod.url.split('?')[0]!)
    for (const imported of mod.importedModules) walk(imported)
  }
  walk(await graph.getModuleByUrl(RENDERER))
  return [...urls].map((url) => `<link rel="stylesheet" href="${url}?direct" />`).join('')
}

/**
 * The renderer of `npm run dev`: the app's server renderer loaded by Vite from source
 * (ssrLoadModule) before each request, so a saved component is in the next page's HTML without a
 * restart. Vite hands back the module it has while nothing it imports changed, and a fresh one
 * after a change (its watcher drops the changed file and its importers), so a renderer is made
 * once per version of the app. The template is index.html through Vite's HTML transforms (its
 * client and React Refresh), with no build manifest: the dev server serves each module on demand.
 */
export default fp<{ config: Config; vite: ViteDevServer; indexHtml: string }>(
  async (app, { config, vite, indexHtml }) => {
    let current: { module: unknown; renderer: Renderer } | undefined
    async function load(): Promise<Renderer> {
      const module = await vite.ssrLoadModule(RENDERER)
      if (current?.module === module) return current.renderer
      const createRenderer = module.createRenderer as typeof CreateRenderer
      const template = externalPreamble(await vite.transformIndexHtml('/', await readFile(indexHtml, 'utf8')))
      const renderer = createRenderer({
        template,
        upstreams: {
          contentUrl: config.CONTENT_URL,
          blogUrl: config.BLOG_URL,
          timeoutMs: config.SSR_UPSTREAM_TIMEOUT_MS,
        },
        origin: siteOrigin(config),
        manifest: null,
        sitemapPostsPerFile: config.SITEMAP_POSTS_PER_FILE,
        onError: (err) => {
          if (err instanceof Error) vite.ssrFixStacktrace(err)
          app.log.warn({ err }, 'server render')
        },
      })
      current = { module, renderer }
      return renderer
    }
    // The routes keep the object they are given, so it hands each call to the renderer of the
    // moment; every request first makes sure that one is the app's latest version.
    const now = () => current!.renderer
    const delegate: Renderer = {
      page: async (...args) => {
        const page = await now().page(...args)
        return { ...page, html: page.html.replace('</head>', `${await stylesheets(vite)}</head>`) }
      },
      robots: () => now().robots(),
      sitemap: () => now().sitemap(),
      sitemapPages: () => now().sitemapPages(),
      sitemapPosts: (raw) => now().sitemapPosts(raw),
      feed: (language) => now().feed(language),
    }
    app.decorate('renderer', delegate)
    app.addHook('onRequest', async () => {
      await load()
    })
  },
  { name: 'web-renderer' },
)
