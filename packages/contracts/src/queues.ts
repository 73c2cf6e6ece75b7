/**
 * Queue names and job payloads shared by producers and workers. Payloads carry ids only,
 * never personal data or file bytes (design §5).
 */
export const QUEUES = {
  blogImport: 'blog-import',
  blogSchedule: 'blog-schedule',
  contactNotify: 'contact-notify',
  contactWebhook: 'contact-webhook',
  mediaVariants: 'media-variants',
  // The same job (MediaVariantsJob) for the blog's imported images: its worker reads the blog's store.
  blogImageVariants: 'blog-image-variants',
  pageSchedule: 'page-schedule',
} as const

export interface BlogImportJob {
  /** Id of the stored upload (GridFS file of the blog service) to import. */
  uploadId: string
}

/**
 * A scheduled publish or unpublish of a post or page (docs/editorial.md, "Scheduled publishing"),
 * added as a delayed job due at `at` (job id `<kind>-<id>-<action>-<ms>`, so adding it twice is
 * one job). The worker acts only while the document still holds that time: a time changed or
 * cleared meanwhile leaves the job without effect. `K` names the id's field.
 */
export type ScheduleJobOf<K extends string> = {
  action: 'publish' | 'unpublish'
  /** The scheduled moment (ISO date-time) the job was made for. */
  at: string
} & Record<K, string>
/** A post's (blog worker, queue blog-schedule). */
export type BlogScheduleJob = ScheduleJobOf<'postId'>
/** A page's (content worker, queue page-schedule). */
export type PageScheduleJob = ScheduleJobOf<'pageId'>

export interface ContactNotifyJob {
  contactId: string
}

/** One signed webhook delivery of a request: the receiver is the request's `webhooks[index]`. */
export interface ContactWebhookJob {
  contactId: string
  index: number
}

export interface MediaVariantsJob {
  /** Object path (content service's GridFS bucket `objects`) of the stored image to make variants of. */
  path: string
}
