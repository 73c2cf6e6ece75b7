/**
 * The one inline script of the site's pages (plain text, no schema library): the web server writes
 * it into every page's head, and the gateway's CSP allows exactly this text by its SHA-256 hash
 * (`script-src 'self' 'sha256-…'`), so no other inline script can run. `@site/contracts/page-scripts`.
 *
 * 1. A returning visitor who chose English or German with the language switch (localStorage
 *    `language`) and opens a Dutch URL from outside the site is sent to the same page in their
 *    language before anything paints (docs/web.md "A URL per language"); links inside the site, the
 *    switch, crawlers and first visits are never redirected.
 * 2. The app's JavaScript (the entry in `data-entry`, its chunks in `data-preload`) is loaded after
 *    the first paint: the server-rendered page is complete and readable, so its text and images do
 *    not wait for the scripts, which then hydrate it.
 */
export const PAGE_BOOT_SCRIPT = `(function () {
  var boot = document.currentScript
  try {
    var lang = localStorage.getItem('language')
    var path = location.pathname
    var ref = document.referrer
    if (
      (lang === 'en' || lang === 'de') &&
      !/^\\/(en|de|admin)(\\/|$)/.test(path) &&
      !(ref && ref.indexOf(location.origin + '/') === 0)
    ) {
      location.replace('/' + lang + (path === '/' ? '' : path) + location.search + location.hash)
      return
    }
  } catch (e) {
    // storage unavailable: stay on the page asked for
  }
  function load() {
    var head = document.head
    var preload = (boot.getAttribute('data-preload') || '').split(' ')
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = preload[i]
      head.appendChild(link)
    }
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = boot.getAttribute('data-entry')
    head.appendChild(script)
  }
  // A hidden tab paints nothing (and gets no animation frames): load at once there.
  if (document.visibilityState === 'hidden') load()
  else requestAnimationFrame(function () { setTimeout(load, 0) })
})()`
