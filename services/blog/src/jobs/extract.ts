import { Marked } from 'marked'
import { parseDocument } from 'yaml'
import type { UploadKind } from '../models/upload.js'
import { FileRejected, decodeText, inspectDocx } from '../lib/filecheck.js'

export interface Extracted {
  html: string
  /** Title the file itself names (Markdown front matter), before any heading is considered. */
  title?: string
  tags?: string[]
  excerpt?: string
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Plain text: blank lines separate paragraphs, single line breaks are kept. */
export function txtToHtml(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p) =>
        `<p>${p
          .split('\n')
          .map((l) => escapeHtml(l.trim()))
          .join('<br>')}</p>`,
    )
    .join('\n')
}

const marked = new Marked({ gfm: true, breaks: false })

const FENCE = '---'

/**
 * Front matter as Markdown tools write it: `---` at the very start of the file (not `----`), an
 * optional language on that line, up to the next line that starts with `---` (the whole rest of
 * the file when none does). Null when the file has none.
 */
function splitFrontMatter(text: string): { language: string; block: string; content: string } | null {
  if (!text.startsWith(FENCE) || text[FENCE.length] === '-') return null
  const afterFence = text.slice(FENCE.length)
  const eol = afterFence.search(/\r?\n/)
  if (eol < 0) return { language: afterFence.trim(), block: '', content: '' }
  const rest = afterFence.slice(eol)
  const close = rest.indexOf(`\n${FENCE}`)
  if (close < 0) return { language: afterFence.slice(0, eol).trim(), block: rest, content: '' }
  const content = rest.slice(close + 1 + FENCE.length).replace(/^\r?\n/, '')
  // The closing fence's line end may be CRLF: its \r is not part of the last value.
  return {
    language: afterFence.slice(0, eol).trim(),
    block: rest.slice(0, close).replace(/\r$/, ''),
    content,
  }
}

/** Languages whose front matter is a program: never evaluated, the file is refused. */
const CODE_LANGUAGES = new Set(['js', 'javascript', 'coffee', 'coffeescript'])

/** The front matter's fields. YAML (or JSON) only: parsing it never runs code. */
function frontMatterData(language: string, block: string): Record<string, unknown> {
  const lang = language.toLowerCase()
  if (CODE_LANGUAGES.has(lang))
    throw new FileRejected('Front matter with code is not accepted; use YAML front matter.', 422)
  const notYaml = new FileRejected('The front matter of this Markdown file is not valid YAML.', 422)
  if (lang && lang !== 'yaml' && lang !== 'yml' && lang !== 'json') throw notYaml
  // Comment lines alone are an empty block.
  if (block.replace(/^\s*#[^\n]+/gm, '').trim() === '') return {}
  let data: unknown
  try {
    if (lang === 'json') data = JSON.parse(block)
    else {
      const doc = parseDocument(block, { logLevel: 'silent' })
      // A tag other loaders would act on (`!!js/function`) is refused as before, not read as text;
      // toJS refuses an alias bomb (more than 100 alias expansions).
      if (doc.errors.length || doc.warnings.length) throw notYaml
      data = doc.toJS({ maxAliasCount: 100 })
    }
  } catch {
    throw notYaml
  }
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
}

export function mdToExtracted(text: string): Extracted {
  const source = text.replace(/^\uFEFF/, '')
  const front = splitFrontMatter(source)
  const data = front ? frontMatterData(front.language, front.block) : {}
  const html = marked.parse(front ? front.content : source, { async: false })
  const tags = data.tags ?? data.keywords
  const list = Array.isArray(tags) ? tags.map(String) : typeof tags === 'string' ? tags.split(',') : undefined
  return {
    html,
    ...(typeof data.title === 'string' && data.title.trim() ? { title: data.title.trim() } : {}),
    ...(list ? { tags: list.map((t) => t.trim()).filter(Boolean) } : {}),
    ...(typeof (data.excerpt ?? data.description) === 'string'
      ? { excerpt: String(data.excerpt ?? data.description) }
      : {}),
  }
}

// Word's Title/Subtitle styles become headings.
const styleMap = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"]

/** Stores an embedded image and answers its URL, or null to drop it (not an image we can show). */
export type StoreImage = (bytes: Buffer) => Promise<string | null>

/** At most this many images of one document are kept; the rest are dropped. */
export const MAX_DOCX_IMAGES = 100

export async function docxToHtml(bytes: Buffer, storeImage: StoreImage | null = null): Promise<string> {
  await inspectDocx(bytes, true)
  // Loaded on the first Word import: the idle worker does not carry it.
  const { default: mammoth } = await import('mammoth')
  let images = 0
  // mammoth catches what an image callback throws and leaves the image out with a warning: a
  // failure to store one is kept here instead, so the import fails (and is retried) rather than
  // saving the post without its images.
  let storeFailed: Error | null = null
  // mammoth writes the alt text (Word's description) itself; an empty src is removed by the sanitizer.
  const convertImage = mammoth.images.imgElement(async (image) => {
    if (!storeImage || storeFailed || ++images > MAX_DOCX_IMAGES) return { src: '' }
    const data = await image.readAsBuffer()
    try {
      return { src: (await storeImage(data)) ?? '' }
    } catch (err) {
      storeFailed = err instanceof Error ? err : new Error(String(err))
      return { src: '' }
    }
  })
  let html: string
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes }, { styleMap, convertImage })).value
  } catch {
    throw new FileRejected('The .docx file could not be read; it may be damaged or not a Word document.', 422)
  }
  // The database failing is no fault of the file: the job fails and the queue retries it.
  if (storeFailed) throw storeFailed
  return html
}

export async function extract(
  kind: UploadKind,
  bytes: Buffer,
  storeImage: StoreImage | null = null,
): Promise<Extracted> {
  if (kind === 'docx') return { html: await docxToHtml(bytes, storeImage) }
  const text = decodeText(bytes)
  if (text === null) throw new FileRejected('This file does not contain plain text.', 422)
  if (kind === 'md') return mdToExtracted(text)
  return { html: txtToHtml(text) }
}
