// Vite's React plugin puts an inline module script (the React Refresh preamble) in the page; the
// gateway's CSP allows no inline script but the pages' boot script (by its hash). In development the
// preamble is served as a file of its own instead, at PREAMBLE_PATH, and loaded in its place:
// module scripts run in document order, so it still runs before the app's entry.
export const PREAMBLE_PATH = '/@dev/react-refresh-preamble.js'

let preamble = ''

/** The template with each inline module script replaced by a script loading PREAMBLE_PATH. */
export function externalPreamble(html: string): string {
  const inline = /<script type="module"(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g
  const scripts = [...html.matchAll(inline)].map((m) => m[1]!)
  if (!scripts.length) return html
  preamble = scripts.join('\n')
  let first = true
  return html.replace(inline, () => {
    const tag = first ? `<script type="module" src="${PREAMBLE_PATH}" fetchpriority="low"></script>` : ''
    first = false
    return tag
  })
}

/** The preamble's source, for the route that serves it. */
export const preambleSource = () => preamble
