// The code-split chunks a server-rendered page needs (Vite's client manifest): their stylesheets go
// in the head, so the page is styled at first paint, and their modules are preloaded, so hydration
// does not wait for a chain of imports. Low priority, like the entry's (vite.config.ts): they come
// after the stylesheets and the hero image.
import type { PageRoute } from './routes'

export interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

/** The lazy modules each page kind renders (beyond the entry chunk). */
const ALWAYS = ['src/i18n/components/LanguageSwitcher.tsx', 'src/components/ui/Toaster.tsx']
const PAGE_MODULES: Partial<Record<PageRoute['kind'], string[]>> = {
  projects: ['src/features/projects/components/ProjectsPage.tsx'],
  blog: ['src/features/blog/components/BlogListPage.tsx'],
  post: ['src/features/blog/components/BlogPostPage.tsx', 'src/features/blog/components/ShareButtons.tsx'],
  cms: ['src/features/pages/components/CmsPage.tsx'],
}

export function assetLinks(manifest: Manifest): (kind: PageRoute['kind']) => string {
  // A module moved or renamed without this list following would silently lose its preload (a
  // waterfall of imports during hydration): refuse to start instead.
  const missing = [...ALWAYS, ...Object.values(PAGE_MODULES).flat()].filter((m) => !manifest[m])
  if (missing.length)
    throw new Error(`web/src/server/assets.ts names modules the build does not have: ${missing.join(', ')}`)
  // What the entry (index.html) already loads.
  const loaded = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const i of manifest[key].imports ?? []) walk(i, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded)

  const cache = new Map<string, string>()
  return (kind) => {
    const hit = cache.get(kind)
    if (hit !== undefined) return hit
    const keys = new Set<string>()
    for (const m of [...(PAGE_MODULES[kind] ?? []), ...ALWAYS]) walk(m, keys)
    const css = new Set<string>()
    const js: string[] = []
    for (const key of keys) {
      if (loaded.has(key)) continue
      const chunk = manifest[key]!
      js.push(chunk.file)
      for (const c of chunk.css ?? []) css.add(c)
    }
    const html = [
      ...[...css].map((c) => `<link rel="stylesheet" crossorigin href="/${c}" />`),
      ...js.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}" />`),
    ].join('\n    ')
    cache.set(kind, html)
    return html
  }
}
