import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

/** Scrolls smoothly to the element named by the URL hash (/#contact) after each navigation. */
export function useHashScroll(): void {
  const { hash, pathname } = useLocation()
  useEffect(() => {
    if (!hash) return
    const id = decodeURIComponent(hash.slice(1))
    const frame = requestAnimationFrame(() => scrollToId(id))
    return () => cancelAnimationFrame(frame)
  }, [hash, pathname])
}

/** Smooth-scrolls to an element id (respecting reduced motion) and moves focus there for keyboard users. */
export function scrollToId(id: string): boolean {
  const el = document.getElementById(id)
  if (!el) return false
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
  el.focus({ preventScroll: true })
  return true
}
