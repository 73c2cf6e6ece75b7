/**
 * The one inline script of the site's pages (plain text, no schema library): the web server writes
 * it into every page's head, and the gateway's CSP allows exactly this text by its SHA-256 hash
 * (`script-src 'self' 'sha256-…'`), so no other inline script can run. `@site/contracts/page-scripts`.
 *
 * A returning visitor who chose English or German with the language switch (localStorage
 * `language`) and opens a Dutch URL from outside the site is sent to the same page in their
 * language before anything paints (docs/web.md "A URL per language"); links inside the site, the
 * switch, crawlers and first visits are never redirected.
 */
export const PAGE_BOOT_SCRIPT = `(function () {
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
})()`
