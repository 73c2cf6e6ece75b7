// The editorial calls (docs/api.md "History", docs/editorial.md): a document's revisions and their
// restore (the same shape under each kind's path), preview links, and the audit trail.
import type {
  AuditEntry,
  AuditQuery,
  PagedList,
  PreviewLink,
  Revision,
  RevisionDetail,
} from '@site/contracts'
import { deleteJson, getJson, postJson } from '@/lib/api'

/** `path`: the document's own path, e.g. `/api/blog/<id>` or `/api/content`. */
export const listRevisions = (path: string, signal?: AbortSignal) =>
  getJson<{ items: Revision[] }>(`${path}/revisions`, { signal })
export const getRevision = (path: string, id: string) =>
  getJson<RevisionDetail>(`${path}/revisions/${encodeURIComponent(id)}`)
export const restoreRevision = (path: string, id: string) =>
  postJson<unknown>(`${path}/revisions/${encodeURIComponent(id)}/restore`, {})

export const createPreview = (path: string) => postJson<PreviewLink>(`${path}/preview`, {})
export const revokePreviews = (path: string) => deleteJson(`${path}/preview`)

export const listAudit = (query: AuditQuery, signal?: AbortSignal) =>
  getJson<PagedList<AuditEntry>>('/api/admin/audit', {
    signal,
    params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
  })
