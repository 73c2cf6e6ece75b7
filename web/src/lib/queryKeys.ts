// Query keys shared by all features, so a write in the admin refreshes what the public screens
// cached (invalidate by prefix: invalidateQueries(queryKeys.blog.all)). Add keys here, additively.
export const queryKeys = {
  content: ['content'] as const,
  features: ['features'] as const,
  projects: ['projects'] as const,
  /** One page of the projects list (under `projects`: a write invalidates every page). */
  projectsPage: (page: number, pageSize: number) => ['projects', 'page', page, pageSize] as const,
  pages: ['pages'] as const,
  /** Sizes, variant widths and alt texts of the stored images a page shows (comma-joined URLs). */
  images: (srcs: readonly string[]) => ['images', srcs.join(',')] as const,
  /** One page of the pages list, with the admin's title search. */
  pagesPage: (page: number, pageSize: number, q = '') => ['pages', 'page', page, pageSize, q] as const,
  /** One full page by slug (GET /api/pages/slug/{slug}; under `pages`: a write refreshes it). */
  pageSlug: (slug: string) => ['pages', 'slug', slug] as const,
  /** A page through a preview link (docs/editorial.md): the token names it. */
  pagePreview: (token: string) => ['pages', 'preview', token] as const,
  blog: {
    all: ['blog'] as const,
    list: (scope: 'published' | 'all') => ['blog', 'list', scope] as const,
    /** One page of the posts list (the admin's also by title search). */
    page: (scope: 'published' | 'all', page: number, pageSize: number, q = '') =>
      ['blog', 'list', scope, page, pageSize, q] as const,
    slug: (slug: string) => ['blog', 'slug', slug] as const,
    /** A post through a preview link (docs/editorial.md): the token names it. */
    preview: (token: string) => ['blog', 'preview', token] as const,
    /** The admin's recent imports, a page at a time (under `blog`: a post write refreshes their links). */
    imports: ['blog', 'imports'] as const,
    importsPage: (page: number, pageSize: number) => ['blog', 'imports', page, pageSize] as const,
  },
  /** The admin's media library: a page of it (with the name search) and one item with its uses. */
  media: {
    all: ['media'] as const,
    pages: ['media', 'page'] as const,
    page: (page: number, pageSize: number, q = '') => ['media', 'page', page, pageSize, q] as const,
    one: (id: string) => ['media', 'one', id] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    page: (page: number, pageSize: number) => ['contacts', 'page', page, pageSize] as const,
    one: (id: string) => ['contacts', 'one', id] as const,
    /** The requests a chat conversation led to. */
    fromChat: (sessionId: string) => ['contacts', 'chat', sessionId] as const,
  },
  /** The admin's chat transcripts and what they show (an erasure invalidates `chat.all`). */
  chat: {
    all: ['chat'] as const,
    conversations: (page: number, pageSize: number, q = '') =>
      ['chat', 'conversations', page, pageSize, q] as const,
    conversation: (sessionId: string) => ['chat', 'conversation', sessionId] as const,
    unanswered: (page: number, pageSize: number) => ['chat', 'unanswered', page, pageSize] as const,
    feedback: ['chat', 'feedback'] as const,
  },
  securityInfo: ['auth', 'security-info'] as const,
}
