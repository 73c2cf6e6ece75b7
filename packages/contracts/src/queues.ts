/**
 * Queue names and job payloads shared by producers and workers. Payloads carry ids only,
 * never personal data or file bytes (design §5).
 */
export const QUEUES = {
  blogImport: 'blog-import',
  blogSchedule: 'blog-schedule',
  contactNotify: 'contact-notify',
  mediaVariants: 'media-variants',
} as const

export interface BlogImportJob {
  /** Id of the stored upload (GridFS file of the blog service) to import. */
  uploadId: string
}

/**
 * A post's scheduled publish or unpublish, added as a delayed job due at `at` (job id
 * `post-<id>-<action>-<ms>`, so adding it twice is one job). The worker acts only while the post
 * still holds that time: a time changed or cleared meanwhile leaves the job without effect.
 */
export interface BlogScheduleJob {
  postId: string
  action: 'publish' | 'unpublish'
  /** The scheduled moment (ISO date-time) the job was made for. */
  at: string
}

export interface ContactNotifyJob {
  contactId: string
}

export interface MediaVariantsJob {
  /** Object path (content service's GridFS bucket `objects`) of the stored image to make variants of. */
  path: string
}
