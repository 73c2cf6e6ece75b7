import yauzl from 'yauzl'
import type { UploadKind } from '../models/upload.js'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/**
 * Limits of a .docx's zip, checked before any parser reads it (zip bombs). An XML part (the
 * document, its styles, ...) becomes a DOM several times its size in mammoth: 100 MB of
 * word/document.xml took the worker past its 512 MB, so each is held to 20 MB.
 */
export const ZIP_LIMITS = {
  entries: 2000,
  totalUncompressed: 100 * 1024 * 1024,
  ratio: 500,
  xmlPart: 20 * 1024 * 1024,
}

export const INVALID_TYPE = 'Only .txt, .md and .docx files are allowed.'

/** A problem with the uploaded file itself; its message is for the admin. */
export class FileRejected extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message)
  }
}

const BY_EXTENSION: Record<string, UploadKind> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  docx: 'docx',
}
const BY_MEDIA_TYPE: Record<string, UploadKind> = {
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
}

/** The kind the client claims: by extension, else by media type (spec §5). */
export function claimedKind(filename: string, mediaType: string): UploadKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase()
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext]
  if (ext) return null
  return BY_MEDIA_TYPE[mediaType.split(';')[0]!.trim().toLowerCase()] ?? null
}

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

/**
 * The text of a .txt/.md upload: UTF-8 (with or without BOM), UTF-16 with a BOM (Windows
 * "Unicode"), else Windows-1252 (older Windows editors). null when it holds control bytes no text
 * has, i.e. it is binary whatever its name says.
 */
export function decodeText(b: Buffer): string | null {
  let text: string
  if (b[0] === 0xff && b[1] === 0xfe) text = new TextDecoder('utf-16le').decode(b.subarray(2))
  else if (b[0] === 0xfe && b[1] === 0xff) text = new TextDecoder('utf-16be').decode(b.subarray(2))
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(b).replace(/^\uFEFF/, '')
    } catch {
      text = new TextDecoder('windows-1252').decode(b)
    }
  }
  // eslint-disable-next-line no-control-regex
  return /[\x00-\x08\x0e-\x1a\x1c-\x1f\ufffd]/.test(text.slice(0, 65536)) ? null : text
}

/** Checks the bytes agree with the claimed kind; throws FileRejected with the admin's message. */
export async function checkUpload(bytes: Buffer, kind: UploadKind): Promise<void> {
  if (bytes.length === 0) throw new FileRejected('The file is empty.')
  if (bytes.length > MAX_UPLOAD_BYTES) throw new FileRejected('File must be smaller than 10MB.', 413)
  if (kind === 'docx') {
    if (!isZip(bytes)) throw new FileRejected(`This file is not a Word (.docx) document. ${INVALID_TYPE}`)
    await inspectDocx(bytes, false)
    return
  }
  if (decodeText(bytes) === null)
    throw new FileRejected(`This file does not contain plain text. ${INVALID_TYPE}`)
}

interface ZipEntryInfo {
  fileName: string
  compressedSize: number
  uncompressedSize: number
}

/**
 * Reads a .docx's zip directory: entry count, declared total size and compression ratio, and the
 * parts a Word document must have. With `inflate`, also decompresses every entry with yauzl, which
 * fails when an entry holds more than it declared, so lying headers cannot slip through.
 */
export async function inspectDocx(bytes: Buffer, inflate: boolean): Promise<void> {
  const corrupt = () =>
    new FileRejected('The .docx file could not be read; it may be damaged or not a Word document.', 422)
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, z) => (err || !z ? reject(corrupt()) : resolve(z)),
    ),
  )
  const entries: ZipEntryInfo[] = []
  let total = 0
  await new Promise<void>((resolve, reject) => {
    const fail = (e: Error) => {
      zip.close()
      reject(e)
    }
    zip.on('error', () => fail(corrupt()))
    zip.on('end', () => resolve())
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry)
      total += entry.uncompressedSize
      if (entries.length > ZIP_LIMITS.entries || total > ZIP_LIMITS.totalUncompressed) return fail(bomb())
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1)
      if (entry.uncompressedSize > 1024 * 1024 && ratio > ZIP_LIMITS.ratio) return fail(bomb())
      if (/\.(xml|rels)$/i.test(entry.fileName) && entry.uncompressedSize > ZIP_LIMITS.xmlPart)
        return fail(partTooLarge())
      if (!inflate || entry.fileName.endsWith('/')) return zip.readEntry()
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(corrupt())
        stream.on('error', () => fail(corrupt()))
        stream.on('end', () => zip.readEntry())
        stream.resume()
      })
    })
    zip.readEntry()
  })
  const names = new Set(entries.map((e) => e.fileName))
  // Word writes word/document.xml; some tools name the main part differently and point to it from _rels/.rels.
  if (!names.has('[Content_Types].xml') || !(names.has('word/document.xml') || names.has('_rels/.rels'))) {
    throw new FileRejected(`This file is not a Word (.docx) document. ${INVALID_TYPE}`)
  }
}

function partTooLarge() {
  return new FileRejected(
    'The .docx file has a part larger than 20 MB (too much text in one document); it cannot be imported.',
    422,
  )
}

function bomb() {
  return new FileRejected('The .docx file expands to more data than allowed; it cannot be imported.', 422)
}
