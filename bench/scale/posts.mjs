// Realistic published posts for the benches (scale, web): 12 paragraphs of about 620 characters
// (~8 KB of HTML) in nl and en, two tags, seeded through POST /api/blog as an admin. Post i is always
// the same (a seeded generator), so runs compare.
const WORDS = {
  en: 'team build prototype customer product data model feature release week plan intake automation workflow review design test deploy feedback market value budget risk scope launch quality support platform integration process'.split(
    ' ',
  ),
  nl: 'team bouwen prototype klant product gegevens model functie release week plan intake automatisering werkstroom review ontwerp test uitrol feedback markt waarde budget risico scope lancering kwaliteit support platform integratie proces'.split(
    ' ',
  ),
}
function rng(seed) {
  let s = seed >>> 0 || 1
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
}
function paragraph(lang, rand) {
  const sentences = []
  let len = 0
  while (len < 620) {
    const n = 10 + Math.floor(rand() * 10)
    const words = Array.from({ length: n }, () => WORDS[lang][Math.floor(rand() * WORDS[lang].length)])
    words[0] = words[0][0].toUpperCase() + words[0].slice(1)
    if (rand() < 0.2) words[3] = `<strong>${words[3]}</strong>`
    const s = `${words.join(' ')}.`
    sentences.push(s)
    len += s.length + 1
  }
  return `<p>${sentences.join(' ')}</p>`
}
const TAGS = ['AI', 'automation', 'business', 'team', 'MVP', 'data', 'design', 'cloud']
export function makePost(i) {
  const rand = rng(i + 1)
  const html = (lang) =>
    Array.from(
      { length: 12 },
      (_, k) =>
        (k === 4 ? `<h2>${lang === 'nl' ? 'Aanpak' : 'Approach'} ${i}</h2>` : '') + paragraph(lang, rand),
    ).join('\n')
  return {
    slug: `scale-post-${i}`,
    title_nl: `Een MVP in vijf dagen, deel ${i}`,
    title_en: `An MVP in five days, part ${i}`,
    excerpt_nl: `Hoe wij in vijf dagen een werkend MVP bouwen (deel ${i}).`,
    excerpt_en: `How we build a working MVP in five days (part ${i}).`,
    content_nl: html('nl'),
    content_en: html('en'),
    meta_description_nl: 'Hoe wij in vijf dagen een werkend MVP bouwen.',
    meta_description_en: 'How we build a working MVP in five days.',
    author: 'Bench',
    published: true,
    tags: [TAGS[i % TAGS.length], TAGS[(i + 3) % TAGS.length]],
  }
}

export async function seedPosts(url, headers, from, to) {
  let next = from
  const worker = async () => {
    while (next < to) {
      const i = next++
      // A slow answer (504/503 while the old code rebuilds its caches) is retried; 409 then means
      // the first attempt did create the post.
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${url}/api/blog`, {
          method: 'POST',
          headers,
          body: JSON.stringify(makePost(i)),
        })
        if (res.status === 201 || (res.status === 409 && attempt > 1)) break
        if (res.status < 500 || attempt === 10)
          throw new Error(`seeding post ${i}: ${res.status} ${await res.text()}`)
        await new Promise((r) => setTimeout(r, 2000 * attempt))
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
}
