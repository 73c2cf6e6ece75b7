// A chat message's text with its links made clickable: site paths the assistant cites
// (/pages/{slug}, /blog/{slug}, /projects, /#contact, /#werkwijze …) as router links, markdown
// links [title](url), and http(s) URLs (new tab). Following the consultation form's link marks the
// form as reached from this chat (its request then carries the chat's session).
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { scrollToId } from '@/lib/useHashScroll'
import { useConsultationOrigin } from '@/stores/consultation'
import { getChatSessionId } from '../stores/chat'

/** The consultation form's anchor (the chat service's CONSULTATION_URL). */
const CONSULTATION = '/#contact'

const TOKEN =
  /\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s)<>"]+[^\s)<>".,;:!?])|(\/(?:blog|pages)\/[A-Za-z0-9\-_%.]*[A-Za-z0-9\-_%]|\/projects\b|\/blog\b|\/#[A-Za-z][\w-]*)/g

export function SiteLink({ href, children }: { href: string; children: ReactNode }) {
  const { pathname } = useLocation()
  if (/^https?:\/\//i.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    )
  }
  if (!href.startsWith('/')) return <>{children}</>
  const hash = href.startsWith('/#') ? href.slice(2) : null
  return (
    <Link
      to={href}
      onClick={(e) => {
        if (href === CONSULTATION) useConsultationOrigin.getState().fromChat(getChatSessionId())
        // Already on the home page: scroll instead of navigating to the same URL.
        if (hash && pathname === '/' && scrollToId(hash)) e.preventDefault()
      }}
    >
      {children}
    </Link>
  )
}

export function ChatText({ text }: { text: string }) {
  const parts: ReactNode[] = []
  let last = 0
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0
    if (at > last) parts.push(text.slice(last, at))
    const [whole, label, mdHref, url, path] = m
    const href = mdHref ?? url ?? path ?? whole
    parts.push(
      <SiteLink key={at} href={href}>
        {label ?? whole}
      </SiteLink>,
    )
    last = at + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}
