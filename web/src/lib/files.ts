// Client-side checks of uploads (spec §5): blog files are .txt, .md, .docx by media type or
// extension; every upload is at most 10 MB (10485760 bytes). The services check again, by content.
import { MAX_UPLOAD_BYTES } from '@site/contracts/rules'

export { MAX_UPLOAD_BYTES }
export const BLOG_FILE_ACCEPT =
  '.txt,.md,.docx,text/plain,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document'

const TYPES = [
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]
const EXTENSIONS = ['.txt', '.md', '.docx']

export type FileProblem = 'type' | 'size' | null

export function checkBlogFile(file: { name: string; type: string; size: number }): FileProblem {
  const name = file.name.toLowerCase()
  if (!TYPES.includes(file.type) && !EXTENSIONS.some((ext) => name.endsWith(ext))) return 'type'
  if (file.size > MAX_UPLOAD_BYTES) return 'size'
  return null
}

/** "1.25 MB" (spec §2: the dialog shows the file size in MB). */
export const sizeInMb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`
