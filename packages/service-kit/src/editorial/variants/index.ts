// The responsive variants (AVIF/WebP at VARIANT_WIDTHS) of a stored
// image, made once by a BullMQ job when it is stored. One implementation for every service that
// stores images (the content service's library and project images, the blog's imported images;
// docs/content.md, "Media library"): each gives it its own store and its own `image_variants` record.
export * from './model.js'
export * from './process.js'
export * from './queue.js'
export * from './backfill.js'
export * from './worker.js'
export * from './info.js'
