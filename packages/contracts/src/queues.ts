/**
 * Queue names and job payloads shared by producers and workers. Payloads carry ids only,
 * never personal data or file bytes (design §5).
 */
export const QUEUES = {
  blogImport: 'blog-import',
  contactNotify: 'contact-notify',
} as const

export interface BlogImportJob {
  /** Id of the stored upload (GridFS file of the blog service) to import. */
  uploadId: string
}

export interface ContactNotifyJob {
  contactId: string
}
