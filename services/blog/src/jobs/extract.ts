import matter from 'gray-matter'
import { Marked } from 'marked'
import type { UploadKind } from '../models/upload.js'
import { FileRejected, decodeText, inspectDocx } from '../lib/filecheck.js'

export interface Extracted {
  html: string
  /** Title the file itself names (Markdown front matter), before any heading is considered. */
  title?: string
  tags?: string[]
  excerpt?: string
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Plain text: blank lines separate paragraphs, single line breaks are kept. */
export function txtToHtml(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map((l) => escapeHtml(l.trim())).join('<br>')}</p>`)
    .join('\n')
}

const refuseCode = () => {
  throw new FileRejected('Front matter with code is not accepted; use YAML front matter.', 422)
}
const marked = new Marked({ gfm: true, breaks: false })

export function mdToExtracted(text: string): Extracted {
  let parsed: matter.GrayMatterFile<string>
  try {
    // gray-matter can evaluate `---js` front matter: those engines are switched off.
    parsed = matter(text.replace(/^\uFEFF/, ''), { engines: { js: refuseCode, javascript: refuseCode, coffee: refuseCode } } as never)
  } catch (err) {
    if (err instanceof FileRejected) throw err
    throw new FileRejected('The front matter of this Markdown file is not valid YAML.', 422)
  }
  const data = parsed.data as Record<string, unknown>
  const html = marked.parse(parsed.content, { async: false })
  const tags = data.tags ?? data.keywords
  const list = Array.isArray(tags) ? tags.map(String) : typeof tags === 'string' ? tags.split(',') : undefined
  return {
    html,
    ...(typeof data.title === 'string' && data.title.trim() ? { title: data.title.trim() } : {}),
    ...(list ? { tags: list.map((t) => t.trim()).filter(Boolean) } : {}),
    ...(typeof (data.excerpt ?? data.description) === 'string' ? { excerpt: String(data.excerpt ?? data.description) } : {}),
  }
}

// Word's Title/Subtitle styles become headings.
const styleMap = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"]

/** Stores an embedded image and answers its URL, or null to drop it (not an image we can show). */
export type StoreImage = (bytes: Buffer) => Promise<string | null>

/** At most this many images of one document are kept; the rest are dropped. */
export const MAX_DOCX_IMAGES = 100

class ImageStoreFailed extends Error {}

export async function docxToHtml(bytes: Buffer, storeImage: StoreImage | null = null): Promise<string> {
  await inspectDocx(bytes, true)
  // Loaded on the first Word import: the idle worker does not carry it.
  const { default: mammoth } = await import('mammoth')
  let images = 0
  // mammoth writes the alt text (Word's description) itself; an empty src is removed by the sanitizer.
  const convertImage = mammoth.images.imgElement(async (image) => {
    if (!storeImage || ++images > MAX_DOCX_IMAGES) return { src: '' }
    const data = await image.readAsBuffer()
    try {
      return { src: (await storeImage(data)) ?? '' }
    } catch (err) {
      throw new ImageStoreFailed('storing an image failed', { cause: err })
    }
  })
  try {
    const result = await mammoth.convertToHtml({ buffer: bytes }, { styleMap, convertImage })
    return result.value
  } catch (err) {
    // The database failing is no fault of the file: the job retries.
    if (err instanceof ImageStoreFailed) throw err.cause
    throw new FileRejected('The .docx file could not be read; it may be damaged or not a Word document.', 422)
  }
}

export async function extract(kind: UploadKind, bytes: Buffer, storeImage: StoreImage | null = null): Promise<Extracted> {
  if (kind === 'docx') return { html: await docxToHtml(bytes, storeImage) }
  const text = decodeText(bytes)
  if (text === null) throw new FileRejected('This file does not contain plain text.', 422)
  if (kind === 'md') return mdToExtracted(text)
  return { html: txtToHtml(text) }
}
