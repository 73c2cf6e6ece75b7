import type { Redis } from 'ioredis'
import type { BlogPost } from '@site/contracts'
import type { PostDoc, PostModel } from '../models/post.js'
import { toDto } from './dto.js'

/** Redis key whose value changes on every write to posts (API replicas and the worker bump it). */
export const postsVersionKey = (prefix: string) => `${prefix}:blog:posts-version`

export async function bumpPostsVersion(redis: Redis, prefix: string): Promise<void> {
  await redis.incr(postsVersionKey(prefix)).catch(() => undefined)
}

/**
 * The published posts, newest first, kept in memory (design §3: no query per public request).
 * Each read asks Redis for the version (one GET); while Redis cannot answer, a cached list
 * older than `ttlMs` is reloaded from the database.
 */
export class PublishedCache {
  private entry: { version: string | null; at: number; posts: BlogPost[] } | null = null
  private loading: Promise<BlogPost[]> | null = null

  constructor(
    private readonly posts: PostModel,
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  invalidate() {
    this.entry = null
  }

  async list(): Promise<BlogPost[]> {
    const version = await this.redis.get(postsVersionKey(this.prefix)).catch(() => undefined)
    const e = this.entry
    if (e) {
      const fresh = version === undefined ? Date.now() - e.at < this.ttlMs : version === e.version
      if (fresh) return e.posts
    }
    this.loading ??= this.load(version ?? null).finally(() => {
      this.loading = null
    })
    return this.loading
  }

  async bySlug(slug: string): Promise<BlogPost | undefined> {
    return (await this.list()).find((p) => p.slug === slug)
  }

  private async load(version: string | null): Promise<BlogPost[]> {
    const docs = await this.posts.find({ published: true }).sort({ created_at: -1 }).lean<PostDoc[]>()
    const posts = docs.map(toDto)
    this.entry = { version, at: Date.now(), posts }
    return posts
  }
}
