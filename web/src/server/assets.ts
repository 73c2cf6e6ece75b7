// What a server-rendered page loads besides its HTML, from the build (index.html and Vite's client
// manifest): the stylesheets of the page's code-split chunks, so it is styled at first paint, and
// their modules preloaded, so hydration does not wait for a chain of imports; plus the boot script
// (@site/contracts/page-scripts), the one inline script.
import { PAGE_BOOT_SCRIPT } from '@site/contracts/page-scripts'
import { escapeHtml } from './escape'
import type { PageRoute } from './routes'

export interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

/** Stylesheets and module chunks, as absolute paths (`/assets/…`). */
export interface PageAssets {
  css: string[]
  js: string[]
}

/** The lazy modules each page kind renders (beyond the entry chunk). */
const ALWAYS = ['src/features/i18n/components/LanguageSwitcher.tsx', 'src/components/ui/Toaster.tsx']
const PAGE_MODULES: Partial<Record<PageRoute['kind'], string[]>> = {
  projects: ['src/features/projects/components/ProjectsPage.tsx'],
  blog: ['src/features/blog/components/BlogListPage.tsx'],
  post: ['src/features/blog/components/BlogPostPage.tsx', 'src/features/blog/components/ShareButtons.tsx'],
  cms: ['src/features/pages/components/CmsPage.tsx'],
}

/** The code-split chunks (and their stylesheets) a page kind renders, beyond what the entry loads. */
export function assetLinks(manifest: Manifest): (kind: PageRoute['kind']) => PageAssets {
  const loaded = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const i of manifest[key].imports ?? []) walk(i, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded)

  const cache = new Map<string, PageAssets>()
  return (kind) => {
    const hit = cache.get(kind)
    if (hit) return hit
    const keys = new Set<string>()
    for (const m of [...(PAGE_MODULES[kind] ?? []), ...ALWAYS]) walk(m, keys)
    const css = new Set<string>()
    const js: string[] = []
    for (const key of keys) {
      if (loaded.has(key)) continue
      const chunk = manifest[key]!
      js.push(`/${chunk.file}`)
      for (const c of chunk.css ?? []) css.add(`/${c}`)
    }
    const assets = { css: [...css], js }
    cache.set(kind, assets)
    return assets
  }
}

/**
 * The page's head tags for its assets: the boot script (allowed by the CSP's hash), then the
 * stylesheets and module preloads of the page's code-split chunks (the entry's own come with the
 * built index.html, after them).
 */
export function assetTags(page: PageAssets): { boot: string; styles: string } {
  return {
    boot: `<script id="app-boot">${PAGE_BOOT_SCRIPT}</script>`,
    styles: [
      ...page.css.map((f) => `<link rel="stylesheet" crossorigin href="${escapeHtml(f)}" />`),
      ...page.js.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}" />`),
    ].join('\n    '),
  }
}
