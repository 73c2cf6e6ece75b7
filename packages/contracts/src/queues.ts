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

/**
 * Redis pub/sub channels on which a service announces that its public data changed (any write).
 * Content publishes its read-cache invalidations, blog every write to posts (API and import worker);
 * the chat listens to both to refresh its index. The deployment's prefix (QUEUE_PREFIX) keeps
 * deployments sharing a Redis apart.
 */
export const changeChannels = (prefix: string) => ({
  content: `${prefix}:content:invalidate`,
  blog: `${prefix}:blog:changed`,
})
