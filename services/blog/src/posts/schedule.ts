import type { ScheduleKind } from '@site/service-kit/editorial'

/**
 * Posts' scheduled publishing (docs/editorial.md, "Scheduled publishing"), done by the kit's
 * scheduler: job ids `post-<id>-<action>-<ms>` on the blog-schedule queue, payloads naming `postId`.
 */
export const POST_SCHEDULE: ScheduleKind<'postId'> = { kind: 'post', idKey: 'postId' }
