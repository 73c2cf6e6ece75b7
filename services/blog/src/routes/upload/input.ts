import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { HttpError, badRequest, multipartProblem } from '@site/service-kit'
import type { UploadOverrides } from '../../models/upload.js'
import { MAX_UPLOAD_BYTES } from '../../lib/filecheck.js'

const TOO_LARGE = 'File must be smaller than 10MB.'

export interface Received {
  bytes: Buffer
  filename: string
  mimetype: string
  fields: Record<string, string>
}

/** Reads the multipart body: exactly one file (≤ 10 MB, never silently cut) and the text fields. */
export async function receive(request: FastifyRequest): Promise<Received> {
  if (!request.isMultipart())
    throw badRequest('Send the file as multipart/form-data in the field "file".', 'NOT_MULTIPART')
  let file: Omit<Received, 'fields'> | undefined
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      if (file) throw badRequest('Upload one file at a time.', 'TOO_MANY_FILES')
      const bytes = await part.toBuffer()
      if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES)
        throw new HttpError(413, TOO_LARGE, 'FILE_TOO_LARGE')
      file = { bytes, filename: part.filename, mimetype: part.mimetype }
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE, 'FILE_TOO_LARGE')
    if (code === 'FST_FILES_LIMIT') throw badRequest('Upload one file at a time.', 'TOO_MANY_FILES')
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('The upload has too many fields.', 'TOO_MANY_FIELDS')
    throw multipartProblem(err) ?? err
  }
  if (!file) throw badRequest('Please choose a file to upload.', 'NO_FILE')
  return { ...file, fields }
}

export function overridesFrom(f: Record<string, string>): UploadOverrides {
  const text = (name: string, max: number) => {
    const v = f[name]?.trim()
    if (!v) return undefined
    if (v.length > max) throw badRequest(`${name} must be ${max} characters or less.`, 'VALIDATION')
    return v
  }
  const lang = f.sourceLanguage?.trim()
  if (lang && lang !== 'nl' && lang !== 'en')
    throw badRequest('sourceLanguage must be nl or en.', 'VALIDATION')
  const tags = f.tags
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 30)
  const o: UploadOverrides = {
    title_nl: text('title_nl', 200),
    title_en: text('title_en', 200),
    excerpt_nl: text('excerpt_nl', 1000),
    excerpt_en: text('excerpt_en', 1000),
    tags: tags?.length ? tags : undefined,
    publish:
      f.publish === undefined
        ? undefined
        : ['true', 'on', '1', 'yes'].includes(f.publish.trim().toLowerCase()),
    sourceLanguage: lang ? (lang as 'nl' | 'en') : undefined,
  }
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as UploadOverrides
}

/** The same bytes with the same overrides are the same upload: one stored file, one job, one post. */
export function uploadIdOf(bytes: Buffer, o: UploadOverrides): string {
  const canonical = JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k as keyof UploadOverrides]]),
  )
  return createHash('sha256').update(bytes).update('\0').update(canonical).digest('hex')
}
