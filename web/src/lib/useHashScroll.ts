import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * How long a link to a section (/#contact) waits for the section to be rendered: the home page
 * draws its sections only once its content has arrived, which on a slow connection is seconds
 * after the navigation. Long, because the visitor's own scrolling or typing ends the wait anyway.
 */
const WAIT_MS = 60_000
/** After the scroll, lists still arriving above the section (projects, posts) can move it: follow it this long. */
const SETTLE_MS = 4_000
/** Any of these from the visitor ends the wait: they have started to look around themselves. */
const USER_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const

/** The same section under the other languages' anchors: the chat and old links may use any of them. */
const ALIASES: Record<string, string[]> = {
  werkwijze: ['methodology', 'methodik'],
  methodology: ['werkwijze', 'methodik'],
  methodik: ['werkwijze', 'methodology'],
}

/** The element a section link means, under its own id or another language's anchor. */
export function findSection(id: string): HTMLElement | null {
  for (const candidate of [id, ...(ALIASES[id] ?? [])]) {
    const el = document.getElementById(candidate)
    if (el) return el
  }
  return null
}

/**
 * Scrolls to the element named by the URL hash (/#contact) after each navigation, also when the
 * element appears only later (content loading), and keeps it in place while the page settles.
 */
export function useHashScroll(): void {
  const { hash, pathname, key } = useLocation()
  useEffect(() => {
    if (!hash) return
    return scrollToSectionWhenPresent(decodeURIComponent(hash.slice(1)))
  }, [hash, pathname, key])
}

/**
 * Scrolls to section `id` as soon as it exists (at once when it does), then keeps its top in place
 * until the layout above it has settled. Returns a function that stops waiting. The visitor
 * scrolling, typing or clicking stops it too, so the page never jumps under their hands.
 */
export function scrollToSectionWhenPresent(id: string): () => void {
  let target: HTMLElement | null = null
  let lastTop = 0
  let stopped = false
  let timer = window.setTimeout(() => stop(), WAIT_MS)
  const check = () => {
    if (stopped) return
    if (!target) {
      target = findSection(id)
      if (!target) return
      scrollToElement(target)
      lastTop = documentTop(target)
      window.clearTimeout(timer)
      timer = window.setTimeout(() => stop(), SETTLE_MS)
      return
    }
    if (!target.isConnected) return stop()
    const top = documentTop(target)
    if (Math.abs(top - lastTop) > 1) {
      lastTop = top
      target.scrollIntoView({ behavior: 'auto', block: 'start' })
    }
  }
  const mutations = new MutationObserver(check)
  mutations.observe(document.body, { childList: true, subtree: true })
  // Images and fonts change the layout without a DOM mutation.
  const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check)
  resizes?.observe(document.body)
  for (const type of USER_EVENTS) window.addEventListener(type, stop, { passive: true, capture: true })
  function stop() {
    if (stopped) return
    stopped = true
    window.clearTimeout(timer)
    mutations.disconnect()
    resizes?.disconnect()
    for (const type of USER_EVENTS) window.removeEventListener(type, stop, { capture: true })
  }
  // After this frame: the route's own render and the router's scroll restoration come first.
  const frame = requestAnimationFrame(check)
  return () => {
    cancelAnimationFrame(frame)
    stop()
  }
}

const documentTop = (el: HTMLElement) => el.getBoundingClientRect().top + window.scrollY

/**
 * The class on <html> that lays out every home section (home.css): below the hero they are
 * `content-visibility: auto` placeholders of 700 px until shown, so a scroll computed from them ends
 * far from its section (about 1,000 px past Tools). Once a visitor goes to a section, the page is
 * laid out in full; it stays so (the scroll follows the real heights).
 */
export const SECTIONS_LAID_OUT = 'sections-laid-out'

function scrollToElement(el: HTMLElement) {
  document.documentElement.classList.add(SECTIONS_LAID_OUT)
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
  el.focus({ preventScroll: true })
}

/** Smooth-scrolls to a section that is on the page now (respecting reduced motion) and moves focus there for keyboard users. */
export function scrollToId(id: string): boolean {
  const el = findSection(id)
  if (!el) return false
  scrollToElement(el)
  return true
}
