import fp from 'fastify-plugin'
import type { Queue } from 'bullmq'
import type { ReadCache } from '@site/service-kit'
import { QUEUES, type BlogImportJob } from '@site/contracts'
import { createQueue, createQueueEvents } from '@site/service-kit/queues'
import type { Config } from '../config.js'
import { postModel, type PostModel } from '../models/post.js'
import { importModel, type ImportModel } from '../models/import.js'
import { redirectModel } from '../models/redirect.js'
import { glossaryModel, type GlossaryModel } from '../glossary/model.js'
import { slugRedirects, type SlugRedirects } from '@site/service-kit/editorial'
import { publishedCache } from '../posts/cache.js'
import { publicBylines } from '../posts/bylines.js'
import { listingAnnouncement, listingReady, postListing, type PostListing } from '../posts/listing.js'
import { createLlm, type Llm } from '../lib/llm.js'
import type { ImportResult } from '../jobs/import.js'
import type { PostDoc } from '../models/post.js'
import { createScheduleQueue, enqueueSchedule } from '@site/service-kit/editorial'
import { POST_SCHEDULE } from '../posts/schedule.js'

/** What the blog routes share: the posts and imports models, the published cache, the LLM and the import queue. */
export interface Blog {
  config: Config
  posts: PostModel
  /** Who started which import when (the admin's imports list); the state is the queue's. */
  imports: ImportModel
  /** The translation glossary and formality (glossary/). */
  glossary: GlossaryModel
  /** Old slugs of published posts: `follow` after a save, `resolve` for the web server's 301. */
  redirects: SlugRedirects
  /** The public answers (posts/cache.ts); forgotten by every write's afterWrite. */
  cache: ReadCache
  /** The lists' order (posts/listing.ts). */
  listing: PostListing
  /** The listing, built from the database first when Redis has none; false while another process builds it. */
  listingReady(): Promise<boolean>
  llm: Llm | null
  queue: Queue<BlogImportJob, ImportResult>
  events: ReturnType<typeof createQueueEvents>['events']
  /** After a write: the post's scheduled moments as delayed jobs (the kit's scheduler). */
  schedule(post: PostDoc, before: PostDoc | null): Promise<void>
  /** Posts as the public may see them: no login name as a byline (posts/bylines.ts). */
  bylines<T extends { author: string }>(posts: T[]): Promise<T[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    blog: Blog
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const posts = postModel(app.db)
    const imports = importModel(app.db)
    const redirectDocs = redirectModel(app.db)
    await Promise.all([posts.init(), imports.init(), redirectDocs.init()]).catch((err: unknown) =>
      app.log.warn({ err }, 'blog indexes not built yet'),
    )
    const cache = publishedCache(() => app.redis, config.QUEUE_PREFIX, config.BLOG_CACHE_TTL_MS)
    // Every write (app.changes.afterWrite) forgets this process's answers first.
    app.changes.log.forgets(cache)
    const listing = postListing(() => app.redis, config.QUEUE_PREFIX)
    app.changes.log.alsoAnnounce(listingAnnouncement(listing))
    const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
    const q = createQueue<BlogImportJob>(QUEUES.blogImport, settings, {
      attempts: config.BLOG_IMPORT_ATTEMPTS,
      backoff: { type: 'exponential', delay: config.BLOG_IMPORT_BACKOFF_MS },
    })
    const ev = createQueueEvents(QUEUES.blogImport, settings)
    const scheduled = createScheduleQueue<'postId'>(QUEUES.blogSchedule, settings)
    // The producer fails fast while Redis is away; give it a moment to connect at boot so the
    // first upload after a start is not refused.
    await Promise.race([
      Promise.all([q.queue.waitUntilReady(), ev.events.waitUntilReady()]).catch(() => undefined),
      sleep(3000),
    ])
    // Built before the first visitor asks for a list, where Redis does not have it yet.
    app.addHook('onReady', async () => {
      void listingReady(listing, posts).catch((err: unknown) =>
        app.log.warn({ err }, 'blog: the list order is not built yet'),
      )
    })
    app.addHook('onClose', async () => {
      await ev.close()
      await q.close()
      await scheduled.close()
    })
    app.decorate('blog', {
      config,
      posts,
      imports,
      glossary: glossaryModel(app.db),
      redirects: slugRedirects(redirectDocs, posts, 'post_id'),
      cache,
      listing,
      listingReady: () => listingReady(listing, posts),
      llm: createLlm(config),
      queue: q.queue as unknown as Queue<BlogImportJob, ImportResult>,
      events: ev.events,
      schedule: (post, before) => enqueueSchedule(POST_SCHEDULE, scheduled.queue, post, before, app.log),
      bylines: (posts) => publicBylines(app.redis, config.QUEUE_PREFIX, posts),
    })
  },
  { name: 'blog', dependencies: ['kit-mongo', 'kit-redis', 'kit-changes'] },
)
