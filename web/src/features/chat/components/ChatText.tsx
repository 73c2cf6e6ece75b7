// A chat message's text with its links made clickable: site paths the assistant cites
// (/pages/{slug}, /blog/{slug}, /projects, /#contact, /#werkwijze …) as router links, markdown
// links [title](url), and http(s) URLs (new tab). Following the consultation form's link marks the
// form as reached from this chat (its request then carries the chat's session).
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useT } from '@/i18n'
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

/** A site path in parentheses, as the offline answers cite their page: "… (/#contact)". */
const CITED_PATH = /\s?\((\/(?:#[A-Za-z][\w-]*|(?:blog|pages)\/[^\s()]+|projects|blog)?)\)/g
/** "• Title: text (/path)": one found item of an offline answer. */
const ITEM = /^[•*-]\s+(.*)$/

/** Links in running text: markdown links, URLs and bare site paths; a cited "(/path)" becomes a link. */
function Inline({ text, open }: { text: string; open: string }) {
  const parts: ReactNode[] = []
  let last = 0
  const cited = [...text.matchAll(CITED_PATH)]
  const plain = (chunk: string, offset: number) => {
    let from = 0
    for (const m of chunk.matchAll(TOKEN)) {
      const at = m.index ?? 0
      if (at > from) parts.push(chunk.slice(from, at))
      const [whole, label, mdHref, url, path] = m
      parts.push(
        <SiteLink key={offset + at} href={mdHref ?? url ?? path ?? whole}>
          {label ?? whole}
        </SiteLink>,
      )
      from = at + whole.length
    }
    if (from < chunk.length) parts.push(chunk.slice(from))
  }
  for (const m of cited) {
    const at = m.index ?? 0
    plain(text.slice(last, at), last)
    parts.push(' (')
    parts.push(
      <SiteLink key={`c${at}`} href={m[1]!}>
        {open}
      </SiteLink>,
    )
    parts.push(')')
    last = at + m[0].length
  }
  plain(text.slice(last), last)
  return <>{parts}</>
}

/** "Intro 1. a 2. b 3. c" → the intro and the numbered items (null: no such list, at least 2 items from 1). */
function numbered(text: string): { intro: string; items: string[] } | null {
  const pieces = text.split(/\s(?=\d{1,2}\.\s)/)
  const items: string[] = []
  for (const [i, piece] of pieces.slice(1).entries()) {
    const m = /^(\d{1,2})\.\s([\s\S]*)$/.exec(piece)
    if (!m || Number(m[1]) !== i + 1) return null
    items.push(m[2]!)
  }
  return items.length >= 2 ? { intro: pieces[0]!, items } : null
}

/** A paragraph or list item's text, a run-in numbered list ("1. … 2. …") as a list. */
function Block({ text, open }: { text: string; open: string }) {
  const list = numbered(text)
  if (!list) return <Inline text={text} open={open} />
  return (
    <>
      <Inline text={list.intro} open={open} />
      <ol className="chat__list">
        {list.items.map((item, i) => (
          <li key={i}>
            <Inline text={item} open={open} />
          </li>
        ))}
      </ol>
    </>
  )
}

/**
 * A chat message: paragraphs (blank lines), "• " lines as a list whose titles link to their cited
 * page, run-in numbered lists as lists, and links for cited paths, markdown links and URLs.
 */
export function ChatText({ text }: { text: string }) {
  const open = useT().chat.openLink
  return (
    <>
      {text.split(/\n{2,}/).map((para, i) => {
        const lines = para.split('\n')
        if (lines.every((l) => ITEM.test(l))) {
          return (
            <ul key={i} className="chat__list">
              {lines.map((l, j) => {
                const body = ITEM.exec(l)![1]!
                const cite = /^([^:]{1,120}):\s([\s\S]*?)\s\((\/[^\s()]*)\)$/.exec(body)
                return (
                  <li key={j}>
                    {cite ? (
                      <>
                        <SiteLink href={cite[3]!}>{cite[1]}</SiteLink>: <Block text={cite[2]!} open={open} />
                      </>
                    ) : (
                      <Block text={body} open={open} />
                    )}
                  </li>
                )
              })}
            </ul>
          )
        }
        return (
          <p key={i} className="chat__paragraph">
            <Block text={para} open={open} />
          </p>
        )
      })}
    </>
  )
}
