// The static images of the spec (web/public/images, made by web/scripts/make-images.mjs).
const base = '/images'

/** Hero background rotation (spec §2: 5 images, every 8 s, opacity 0.15). */
export const HERO_IMAGES = [1, 2, 3, 4, 5].map((n) => `${base}/hero/hero-${n}.webp`)
export const HERO_ROTATE_MS = 8000
export const HERO_IMAGE_OPACITY = 0.15

/** The home gallery: 8 static image cards. */
export const GALLERY_IMAGES = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${base}/gallery/gallery-${n}.webp`)

export const DEFAULT_IMAGES = {
  project: `${base}/defaults/project.webp`,
  blog: `${base}/defaults/blog.webp`,
  hero: `${base}/defaults/hero.webp`,
} as const

export const TAG_IMAGES = {
  aiDevelopment: `${base}/tags/ai-development.webp`,
  innovation: `${base}/tags/innovation.webp`,
  modernOffice: `${base}/tags/modern-office.webp`,
  technology: `${base}/tags/technology.webp`,
  business: `${base}/tags/business.webp`,
  automation: `${base}/tags/automation.webp`,
  success: `${base}/tags/success.webp`,
  teamWork: `${base}/tags/team-work.webp`,
} as const

// Spec §2 table: case-insensitive substring, checked in this order, first match wins.
const TAG_RULES: ReadonlyArray<[readonly string[], string]> = [
  [['ai', 'artificial'], TAG_IMAGES.aiDevelopment],
  [['innovation', 'modern'], TAG_IMAGES.innovation],
  [['office', 'workspace'], TAG_IMAGES.modernOffice],
  [['tech'], TAG_IMAGES.technology],
  [['business'], TAG_IMAGES.business],
  [['automation'], TAG_IMAGES.automation],
  [['success'], TAG_IMAGES.success],
  [['team'], TAG_IMAGES.teamWork],
]

/** The fallback illustration of a blog post without a featured image, chosen from its tags. */
export function tagFallbackImage(tags: readonly string[] | null | undefined): string {
  const lower = (tags ?? []).map((t) => t.toLowerCase())
  for (const [needles, image] of TAG_RULES) {
    if (lower.some((tag) => needles.some((n) => tag.includes(n)))) return image
  }
  return TAG_IMAGES.technology
}

/**
 * The `srcset` of a tag fallback illustration (public/images/tags: 400, 800 and 1,600 px wide,
 * web/scripts/make-images.mjs), so a post showing it 1,152 px wide gets a sharp one; null for any
 * other image.
 */
export function fallbackSrcset(src: string): string | null {
  const m = /^(.*\/images\/tags\/[a-z-]+)\.webp$/.exec(src)
  if (!m || !Object.values(TAG_IMAGES).includes(src as (typeof TAG_IMAGES)[keyof typeof TAG_IMAGES]))
    return null
  return `${m[1]}-400.webp 400w, ${src} 800w, ${m[1]}-1600.webp 1600w`
}
