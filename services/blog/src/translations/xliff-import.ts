import { DOMParser, type Element } from '@xmldom/xmldom'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest, isObjectId } from '@site/service-kit'
import type { SiteLang, XliffUnitResult } from '@site/contracts'
import type { PostDoc, PostModel } from '../models/post.js'
import { UNIT_FIELDS, XLIFF_NS, sourceHash, sourceLangOf, stored } from './xliff-export.js'
import { applyHumanTranslation } from './apply.js'
import type { TLang } from './model.js'
import { InlineProblem, htmlToInline, inlineToHtml, inlineToText, type XmlNodeLike } from './inline.js'

const LANGS = new Set(['nl', 'en', 'de'])
type Located = Element & { lineNumber?: number }
const at = (el: Located) => (el.lineNumber ? ` (line ${el.lineNumber})` : '')
const malformed = (message: string) => badRequest(message, 'XLIFF_MALFORMED')

/** The file read as XML: a 400 naming the line where it is not well-formed. */
export function parseXliff(text: string) {
  let doc
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message)
      },
    }).parseFromString(text, 'text/xml')
  } catch (err) {
    const line = (err as { locator?: { lineNumber?: number } }).locator?.lineNumber
    const why = (err instanceof Error ? err.message : String(err)).replace(/^.*caused Error: /s, '')
    throw malformed(`The file is not well-formed XML${line ? ` at line ${line}` : ''}: ${why}`)
  }
  const root = doc.documentElement as Located | null
  if (
    !root ||
    root.localName !== 'xliff' ||
    root.namespaceURI !== XLIFF_NS ||
    !/^2\./.test(root.getAttribute('version') ?? '')
  )
    throw malformed(
      `This is not an XLIFF 2 file${root ? at(root) : ''}: export the posts again and send that file.`,
    )
  const source = root.getAttribute('srcLang') ?? ''
  const target = root.getAttribute('trgLang') ?? ''
  if (!LANGS.has(source) || !LANGS.has(target) || source === target)
    throw malformed(
      `The file's languages must be two of nl, en and de${at(root)} (srcLang "${source}", trgLang "${target}").`,
    )
  return { root, source: source as SiteLang, target: target as SiteLang }
}

const children = (el: Element, name: string) =>
  Array.from(el.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === XLIFF_NS,
  ) as Located[]

export interface ImportPlan {
  /** Per post id: the fields to write and the units that fill them. */
  writes: Map<string, { fields: Record<string, string>; units: XliffUnitResult[] }>
  refused: XliffUnitResult[]
}

/**
 * What a translator's file would write, unit by unit: each unit's source is re-read from the
 * store and its hash compared with the one in the unit id (refused when the source changed
 * since the export); its target is mapped back to HTML through the stored source's inline codes.
 */
export async function planImport(posts: PostModel, text: string): Promise<ImportPlan & { target: SiteLang }> {
  const { root, source, target } = parseXliff(text)
  const plan: ImportPlan = { writes: new Map(), refused: [] }
  for (const file of children(root, 'file')) {
    const postId = file.getAttribute('id') ?? ''
    const units = [...children(file, 'unit'), ...children(file, 'group').flatMap((g) => children(g, 'unit'))]
    const post = isObjectId(postId) ? await posts.findById(postId).lean<PostDoc>() : null
    for (const unit of units) {
      const unitId = unit.getAttribute('id') ?? ''
      const refuse = (code: string, reason: string) =>
        plan.refused.push({ post: postId, unit: unitId, code, reason: `${reason}${at(unit)}` })
      const dot = unitId.lastIndexOf('.')
      const spec = UNIT_FIELDS.find((f) => f.field === unitId.slice(0, dot))
      if (!spec) {
        refuse('UNKNOWN_UNIT', 'This unit does not name a field of a post; it was not made by this site.')
        continue
      }
      if (!post) {
        refuse('POST_NOT_FOUND', 'The post of this unit no longer exists.')
        continue
      }
      if (sourceLangOf(post) !== source) {
        refuse(
          'SOURCE_LANGUAGE',
          `The post is written in ${sourceLangOf(post)}, the file translates from ${source}.`,
        )
        continue
      }
      const src = stored(post, `${spec.field}_${source}`)
      if (sourceHash(src) !== unitId.slice(dot + 1)) {
        refuse(
          'SOURCE_CHANGED',
          'The source text changed since the export: export this post again and translate the new text.',
        )
        continue
      }
      const targets = children(unit, 'segment').flatMap((s) => children(s, 'target'))
      let value: string
      try {
        value = targets
          .map((t) =>
            spec.html
              ? inlineToHtml(t.childNodes as unknown as ArrayLike<XmlNodeLike>, htmlToInline(src).codes)
              : inlineToText(t.childNodes as unknown as ArrayLike<XmlNodeLike>),
          )
          .join('')
      } catch (err) {
        if (!(err instanceof InlineProblem)) throw err
        refuse('INLINE_CODE', err.message)
        continue
      }
      if (!value.trim()) {
        refuse('NO_TARGET', 'The unit has no translation.')
        continue
      }
      if (value.length > spec.max) {
        refuse('TOO_LONG', `The translation is longer than ${spec.max} characters.`)
        continue
      }
      const field = `${spec.field}_${target}`
      const write = plan.writes.get(postId) ?? { fields: {}, units: [] }
      write.fields[field] = spec.html ? value : value.trim()
      write.units.push({ post: postId, unit: unitId, field })
      plan.writes.set(postId, write)
    }
  }
  return { ...plan, target }
}

/** Imports a translator's file: every unit that may be applied, written per post as a person's edit. */
export async function importXliff(
  app: FastifyInstance,
  request: FastifyRequest,
  text: string,
  /** Throws when the caller may not write this language. */
  mayWrite: (target: SiteLang) => void,
) {
  const plan = await planImport(app.blog.posts, text)
  mayWrite(plan.target)
  const applied: XliffUnitResult[] = []
  for (const [postId, write] of plan.writes) {
    const partial = plan.refused.some((r) => r.post === postId)
    await applyHumanTranslation(app, request, postId, plan.target as TLang, write.fields, { partial })
    applied.push(...write.units)
  }
  return { target: plan.target, applied, refused: plan.refused }
}
