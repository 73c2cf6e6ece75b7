import type { ChatSource, Locale } from '@site/contracts'
import type { Hit, KnowledgeIndex } from '../knowledge/index.js'
import { CONSULTATION_URL } from '../knowledge/facts.js'
import { snippet } from '../knowledge/text.js'
import { itemUrl, localized, type KnowledgeItem } from '../knowledge/types.js'
import { ABOUT, ASKS_BLOG, HANDOFF, TEXTS, isGreeting } from './texts.js'

export interface Answer {
  response: string
  sources: ChatSource[]
}

/** Title and link of the items an answer rests on, each link once. */
export function sourcesOf(items: KnowledgeItem[], lang: Locale): ChatSource[] {
  const seen = new Set<string>()
  const out: ChatSource[] = []
  for (const item of items) {
    const url = itemUrl(item, lang)
    if (!url || seen.has(url)) continue
    seen.add(url)
    out.push({ title: localized(item.title, lang), url })
  }
  return out
}

function line(item: KnowledgeItem, text: string, lang: Locale): string {
  const url = itemUrl(item, lang)
  return `• ${localized(item.title, lang)}: ${text.replace(/\s*\n\s*/g, ' ')}${url ? ` (${url})` : ''}`
}

/** What the site has for a message: a greeting, items to show, the latest posts, or nothing. */
export type Plan =
  | { kind: 'greeting' }
  | { kind: 'items'; shown: Hit[] }
  | { kind: 'latest'; posts: KnowledgeItem[] }
  | { kind: 'nothing' }

/** Decides what answers a message; `nothing` is a question the site's content cannot answer. */
export function planAnswer(message: string, lang: Locale, hits: Hit[], index: KnowledgeIndex): Plan {
  if (isGreeting(message)) return { kind: 'greeting' }
  const shown = hits.length || !ABOUT.test(message) ? hits.slice(0, 3) : aboutHits(index, lang)
  if (shown.length) return { kind: 'items', shown }
  if (ASKS_BLOG.test(message)) {
    const posts = index.latestPosts()
    if (posts.length) return { kind: 'latest', posts }
  }
  return { kind: 'nothing' }
}

/**
 * The answer without a language model: the best passages, summarized by a template in the
 * visitor's language, with links, and the free consultation as the next step.
 */
export function retrievalAnswer(message: string, lang: Locale, plan: Plan): Answer {
  const t = TEXTS[lang]
  const next = t.next.replace('{url}', CONSULTATION_URL)
  const handoff = t.handoff.replace('{url}', CONSULTATION_URL)
  const wantsHandoff = HANDOFF.test(message)
  switch (plan.kind) {
    case 'greeting':
      return { response: t.greeting, sources: [] }
    case 'latest': {
      const list = plan.posts.map((p) => line(p, snippet(localized(p.text, lang), message, 160), lang))
      return {
        response: [t.latest, list.join('\n'), next].join('\n\n'),
        sources: sourcesOf(plan.posts, lang),
      }
    }
    case 'nothing': {
      const ask = t.ask.replace('{url}', CONSULTATION_URL)
      return {
        response: [`${t.nothing} ${t.scope}`, wantsHandoff ? handoff : ask].join('\n\n'),
        sources: [{ title: consultationTitle(lang), url: CONSULTATION_URL }],
      }
    }
    case 'items': {
      // Short passages (the site's own sections) are shown whole; long ones (posts) by their best sentences.
      const list = plan.shown.map((h) =>
        line(h.item, h.passage.length <= 450 ? h.passage : snippet(h.passage, message, 300), lang),
      )
      const parts = wantsHandoff ? [handoff, t.found, list.join('\n')] : [t.found, list.join('\n'), next]
      return {
        response: parts.join('\n\n'),
        sources: sourcesOf(
          plan.shown.map((h) => h.item),
          lang,
        ),
      }
    }
  }
}

export function consultationTitle(lang: Locale): string {
  return { nl: 'Gratis adviesgesprek', en: 'Free consultation', de: 'Kostenlose Beratung' }[lang]
}

/** "What do you do?" matches no words of the site: the home page's own introduction answers it. */
function aboutHits(index: KnowledgeIndex, lang: Locale): Hit[] {
  return ['content', 'fact:audience']
    .map((key) => index.get(key))
    .filter((item): item is KnowledgeItem => !!item)
    .map((item) => ({ item, passage: localized(item.text, lang), score: 1 }))
}
