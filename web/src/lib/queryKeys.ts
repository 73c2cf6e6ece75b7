// Query keys shared by all features, so a write in the admin refreshes what the public screens
// cached (invalidate by prefix: invalidateQueries(queryKeys.blog.all)). Add keys here, additively.
export const queryKeys = {
  content: ['content'] as const,
  features: ['features'] as const,
  projects: ['projects'] as const,
  pages: ['pages'] as const,
  blog: {
    all: ['blog'] as const,
    list: (scope: 'published' | 'all') => ['blog', 'list', scope] as const,
    slug: (slug: string) => ['blog', 'slug', slug] as const,
    /** One page of the published posts' summaries (GET /api/blog?published=true&page&pageSize). */
    published: (page: number, pageSize: number) => ['blog', 'published', page, pageSize] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    page: (page: number, pageSize: number) => ['contacts', 'page', page, pageSize] as const,
  },
  securityInfo: ['auth', 'security-info'] as const,
}
