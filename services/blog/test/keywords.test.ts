import t from 'tap'
import { extractKeywords } from '../src/lib/keywords.js'
import { normalizeTags } from '../src/lib/translate.js'

t.test('a short Dutch post with a heading and a list gets its content words as tags', async (t) => {
  const text = [
    'Slimmer werken met automatisering',
    'Veel kleine bedrijven verliezen elke week uren aan handwerk. Met een paar eenvoudige stappen wordt dat anders.',
    'Facturen automatisch verwerken',
    'Klantgegevens koppelen aan het CRM',
    'Rapporten elke maandag klaar',
    'Wij helpen teams om processen te vereenvoudigen, zodat er tijd overblijft voor klanten en groei.',
  ].join('\n')
  const tags = extractKeywords(text)
  t.ok(tags.length >= 3, `tags: ${tags}`)
  t.notOk(
    tags.some((w) => ['met', 'een', 'wordt', 'elke', 'voor', 'zodat'].includes(w)),
    'no stop words',
  )
})

t.test('content words shorter than four letters still make tags when nothing longer is left', async (t) => {
  t.same(extractKeywords('AI en de app: web, API, SEO.').sort(), ['ai', 'api', 'app', 'seo', 'web'])
  t.same(extractKeywords('de het een en van'), [], 'only stop words: no tags')
})

t.test('tags that normalize to nothing are no tags', async (t) => {
  t.same(normalizeTags(['#', '  ']), [])
})
