// Shapes of the server's entities as the services answer them (docs/api.md). Ids are strings,
// timestamps ISO strings, localized fields flat: <field>_nl, <field>_en (required), <field>_de (optional, may be null).

export type Language = 'nl' | 'en' | 'de'

/** The record shape `localized(record, field)` reads: `<field>_nl`, `<field>_en`, `<field>_de`. */
export type LocalizedFields<F extends string> = { [K in `${F}_nl` | `${F}_en`]: string } & {
  [K in `${F}_de`]?: string | null
}

export interface CurrentUser {
  id: string
  username: string
}

export interface LoginPayload {
  username: string
  password: string
}

export type SiteContent = { id: string; address: string; phone: string; email: string; updated_at?: string } & LocalizedFields<
  'title' | 'intro' | 'subtitle' | 'philosophy_title' | 'philosophy_text'
>
/** POST /api/content body. */
export type SiteContentInput = Omit<SiteContent, 'id' | 'updated_at'>

export type Feature = { id: string; icon: string; sort_order: number } & LocalizedFields<'title' | 'description'>
export type FeatureInput = Omit<Feature, 'id' | 'sort_order'>

export interface Project {
  id: string
  title: string
  description: string
  image_url?: string | null
  video_url?: string | null
  link_url?: string | null
  created_at: string
}
export type ProjectInput = Pick<Project, 'title' | 'description' | 'image_url' | 'video_url' | 'link_url'>

export type BlogPost = {
  id: string
  slug: string
  featured_image?: string | null
  published: boolean
  author: string
  tags: string[]
  /** Set when the import translated the post by machine: the admin shows a 'needs review' mark. */
  needs_review?: boolean
  machine_translated?: boolean
  created_at: string
  updated_at: string
} & LocalizedFields<'title' | 'excerpt' | 'content'> & {
    meta_description_nl?: string | null
    meta_description_en?: string | null
    meta_description_de?: string | null
  }
/** What the blog lists carry (cards, admin list): a post without its HTML bodies. */
export type BlogPostSummary = Omit<BlogPost, 'content_nl' | 'content_en' | 'content_de'>

/** POST /api/blog, PUT /api/blog/{id} body (slug optional on create: the server generates one). */
export type BlogPostInput = Omit<BlogPost, 'id' | 'created_at' | 'updated_at' | 'slug' | 'needs_review' | 'machine_translated'> & {
  slug?: string
}

export type Page = {
  id: string
  slug: string
  published: boolean
  created_at: string
  updated_at: string
} & LocalizedFields<'title' | 'content'> & {
    meta_description_nl?: string | null
    meta_description_en?: string | null
    meta_description_de?: string | null
  }
export type PageInput = Omit<Page, 'id' | 'created_at' | 'updated_at'>
/** What the page lists carry (footer, admin list): a page without its HTML bodies. */
export type PageSummary = Omit<Page, 'content_nl' | 'content_en' | 'content_de'>

/** POST /api/contacts body. `website` is the honeypot: always send it empty. */
export interface ContactInput {
  name: string
  email: string
  message: string
  phone?: string
  company?: string
  language?: Language
  website?: string
}

export interface ContactRequest {
  id: string
  name: string
  email: string
  message: string
  phone?: string | null
  company?: string | null
  language?: Language
  handled: boolean
  created_at: string
  notification?: { status: string; sentAt?: string | null; lastError?: string | null }
}

export interface Paged<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

export interface ChatRequest {
  message: string
  sessionId: string
  language: Language
}
export interface ChatReply {
  response?: string
  sources?: { title: string; url: string }[]
  mode?: 'llm' | 'retrieval'
}

/** Chat message kept on the client (spec §3). */
export interface ChatMessage {
  id: string
  text: string
  sender: 'user' | 'bot'
  timestamp: number
}

export interface BlogUploadResult {
  blogPost: Pick<BlogPost, 'title_nl' | 'title_en' | 'content_nl' | 'content_en' | 'excerpt_nl' | 'excerpt_en' | 'tags' | 'slug'> &
    Partial<BlogPost>
  aiGenerated: { tags: string[] }
}
/** 202 answer of POST /api/blog/upload when the import takes longer than the server's bounded wait. */
export interface BlogUploadQueued {
  jobId: string
  status: 'queued'
  statusUrl: string
}
export interface BlogImportJob {
  id: string
  state: 'waiting' | 'active' | 'completed' | 'failed'
  stage?: string
  progress?: number
  result?: BlogUploadResult
  error?: string
}

export interface TranslateTitleResult {
  translatedTitle: string
}
export interface UploadUrlResult {
  uploadURL: string
}
