/* global window, document */
// A returning visitor who chose English or German with the language switch (localStorage
// `language`) and opens a Dutch URL is sent to the same page in their language before it paints.
// Only the browser's stored choice decides: crawlers and first visits get the URL they asked for,
// so every language version stays reachable and indexable (docs/web.md "A URL per language").
;(function () {
  try {
    var lang = window.localStorage.getItem('language')
    if (lang !== 'en' && lang !== 'de') return
    var path = window.location.pathname
    if (/^\/(en|de)(\/|$)/.test(path) || /^\/admin(\/|$)/.test(path)) return
    // Only pages opened from outside the site: links inside it (and the switch) are respected.
    var ref = document.referrer
    if (ref && ref.indexOf(window.location.origin + '/') === 0) return
    window.location.replace(
      '/' + lang + (path === '/' ? '' : path) + window.location.search + window.location.hash,
    )
  } catch {
    // storage unavailable: stay on the page asked for
  }
})()
