// Generates the static images of the spec (hero x5, gallery x8, tag fallbacks x8, defaults x3)
// as original SVG illustrations rendered to WebP with sharp: licence-clean (made here), no
// hotlinking. Run from the repo root: `node web/scripts/make-images.mjs` (outputs are committed).
import sharp from 'sharp'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { art, gallery, hero } from './images/illustrations.mjs'
import { C } from './images/shapes.mjs'

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images')

async function write(rel, svgText, width, quality = 78) {
  const file = join(out, rel)
  await mkdir(dirname(file), { recursive: true })
  const buf = await sharp(Buffer.from(svgText)).resize({ width }).webp({ quality, effort: 6 }).toBuffer()
  await writeFile(file, buf)
  process.stdout.write(`${rel} ${(buf.length / 1024).toFixed(1)} KB\n`)
}

// Tag fallbacks at three widths (TAG_WIDTHS in src/lib/images.ts): a post shows them up to 1,152
// CSS px wide, 800 px alone looked soft there; the 800 px one keeps the plain name (the <img> src).
for (const [name, fn] of Object.entries(art)) {
  await write(`tags/${name}.webp`, fn(), 800)
  for (const width of [400, 1600]) await write(`tags/${name}-${width}.webp`, fn(), width)
}
for (const [i, fn] of gallery.entries()) await write(`gallery/gallery-${i + 1}.webp`, fn(), 800)
for (const i of [1, 2, 3, 4, 5]) await write(`hero/hero-${i}.webp`, hero(i), 1600, 60)
await write('defaults/project.webp', gallery[0](), 800)
await write('defaults/blog.webp', art.technology(), 800)
await write('defaults/hero.webp', hero(1), 1600, 60)
// Favicon (SVG, the logo mark).
await writeFile(
  join(out, '..', 'favicon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.blue}"/><stop offset="1" stop-color="${C.violet}"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#g)"/><path d="M9 21.5 15 8l2.6 7.1L23 17l-6.2 2.1L14.5 25z" fill="#fff"/></svg>\n`,
)
