import type { Glossary, GlossaryIssue, SiteLang } from '@site/contracts'
import { htmlToText } from '@site/contracts/text'

/** What one machine translation from → to is told besides the text (lib/translate.ts adds it to the prompt). */
export interface TranslationGuide {
  /** A sentence for the system prompt: how to address the reader. */
  tone: string
  /** Lines for the request: the glossary entries that occur in the text, nothing else. */
  terms(text: string): string
}

const FORMALITY: Record<'nl' | 'de', Record<'formal' | 'informal', string>> = {
  de: {
    formal: 'Address the reader formally in German: "Sie", "Ihr", "Ihnen"; never "du".',
    informal: 'Address the reader informally in German: "du", "dein", "dir"; never "Sie".',
  },
  nl: {
    formal: 'Address the reader formally in Dutch: "u", "uw"; never "je" or "jij".',
    informal: 'Address the reader informally in Dutch: "je", "jij", "jouw"; never "u".',
  },
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `term` as a word or phrase of `text`, whatever its case (not inside a longer word). */
export function hasTerm(text: string, term: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?![\\p{L}\\p{N}])`, 'iu').test(text)
}

/** The guide for one language pair; null when the glossary says nothing for it. */
export function guideFor(glossary: Glossary, from: SiteLang, to: SiteLang): TranslationGuide | null {
  const formality = to === 'en' ? null : glossary.formality[to]
  const tone = to !== 'en' && formality ? FORMALITY[to][formality] : ''
  const fixed = glossary.fixed.filter((f) => f.from === from && f.to === to)
  if (!tone && !glossary.never_translate.length && !fixed.length) return null
  return {
    tone,
    terms(text) {
      const plain = /<[a-z]/i.test(text) ? htmlToText(text) : text
      const keep = glossary.never_translate.filter((t) => hasTerm(plain, t))
      const given = fixed.filter((f) => hasTerm(plain, f.source))
      const lines: string[] = []
      if (keep.length)
        lines.push(
          `Glossary: never translate these terms, keep them exactly as written: ${keep.map((t) => JSON.stringify(t)).join(', ')}.`,
        )
      if (given.length)
        lines.push(
          `Glossary: always translate these terms as given: ${given.map((f) => `${JSON.stringify(f.source)} → ${JSON.stringify(f.target)}`).join(', ')}.`,
        )
      return lines.join('\n')
    },
  }
}

/**
 * The glossary rules a translation of `field` broke: a never-translate term of the source that the
 * translation lacks, a fixed translation not used. Compared as plain text, case-insensitively.
 */
export function glossaryIssues(
  glossary: Glossary,
  from: SiteLang,
  to: SiteLang,
  field: string,
  source: string,
  translation: string,
): GlossaryIssue[] {
  const src = htmlToText(source)
  const out = htmlToText(translation)
  const issues: GlossaryIssue[] = []
  for (const term of glossary.never_translate)
    if (hasTerm(src, term) && !hasTerm(out, term)) issues.push({ lang: to, field, term, kind: 'translated' })
  for (const f of glossary.fixed)
    if (f.from === from && f.to === to && hasTerm(src, f.source) && !hasTerm(out, f.target))
      issues.push({ lang: to, field, term: f.source, kind: 'fixed', expected: f.target })
  return issues
}
