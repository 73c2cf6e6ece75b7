// The code-split chunks a server-rendered page needs (Vite's client manifest): their stylesheets go
// in the head, so the page is styled at first paint, and their modules are preloaded, so hydration
// does not wait for a chain of imports. Low priority, like the entry's (vite.config.ts): they come
// after the stylesheets and the hero image. Which modules a page renders is said by its routes
// (`chunks` in app/routes.tsx: the layout's and the page's).

export interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

/**
 * The head links of a list of lazy modules (manifest keys). `known`: every module the route table
 * names, checked at start: a module moved or renamed without its route following would silently
 * lose its preload (a waterfall of imports during hydration), so the server refuses to start.
 */
export function assetLinks(manifest: Manifest, known: string[]): (modules: string[]) => string {
  const missing = known.filter((m) => !manifest[m])
  if (missing.length)
    throw new Error(`app/routes.tsx names modules the build does not have: ${missing.join(', ')}`)
  // What the entry (index.html) already loads.
  const loaded = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const i of manifest[key].imports ?? []) walk(i, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded)

  const cache = new Map<string, string>()
  return (modules) => {
    const id = modules.join(' ')
    const hit = cache.get(id)
    if (hit !== undefined) return hit
    const keys = new Set<string>()
    for (const m of modules) walk(m, keys)
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
    cache.set(id, html)
    return html
  }
}
