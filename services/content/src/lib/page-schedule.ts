import type { ScheduleKind } from '@site/service-kit/editorial'

/**
 * Pages' scheduled publishing (docs/editorial.md, "Scheduled publishing"), done by the kit's
 * scheduler as the posts': job ids `page-<id>-<action>-<ms>` on the page-schedule queue (the
 * content worker), payloads naming `pageId`.
 */
export const PAGE_SCHEDULE: ScheduleKind<'pageId'> = { kind: 'page', idKey: 'pageId' }
