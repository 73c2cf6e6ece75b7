// A tab left open across a deploy runs the old build: its next lazy page or dialog asks for a chunk
// the new build no longer has, the import fails and Vite fires `vite:preloadError`. Loading the page
// anew gets the new build's HTML and chunks, at the URL the visitor was going to. At most once in
// RELOAD_WINDOW_MS (remembered in sessionStorage, so across the reload): a chunk missing from the
// new build too then shows the error page instead of reloading forever; without sessionStorage it
// never reloads, for the same reason.

const RELOADED_AT = 'site:reloaded-for-new-build'
const RELOAD_WINDOW_MS = 30_000

export function reloadOnNewBuild() {
  window.addEventListener('vite:preloadError', () => {
    try {
      const last = Number(sessionStorage.getItem(RELOADED_AT)) || 0
      if (Date.now() - last < RELOAD_WINDOW_MS) return
      sessionStorage.setItem(RELOADED_AT, String(Date.now()))
    } catch {
      return
    }
    window.location.reload()
  })
}
