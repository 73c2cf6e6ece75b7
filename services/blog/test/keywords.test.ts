// @tier unit
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

// Issue 49 #10: an import of a chatty Dutch text was tagged "punt, eerste, graag, import,
// importfunctie". Filler words come from maintained nl/en/de lists now, and in a long text a word
// said once is no subject.
t.test('a long chatty text is tagged by its subjects, not by filler or words said once', async (t) => {
  const chatty = [
    'Graag vertel ik over de eerste stappen. Punt één: de eerste klant wil graag facturen automatiseren.',
    'Punt twee: graag koppelen we de boekhouding, en daarnaast willen we graag de eerste rapportages.',
    'Eigenlijk is het gewoon een kwestie van de facturen en de boekhouding op één punt samenbrengen.',
    'Wie graag begint, kiest eerst de facturen; de boekhouding volgt. Echt, de eerste week is dat genoeg.',
    'Nog een punt: de facturen komen binnen per mail, de boekhouding leest ze uit, de klant keurt ze goed.',
    'Zo besparen we graag tijd, en de facturen staan in de boekhouding voordat de eerste koffie op is.',
    'Een enkel woord als vergaderzaal, parkeerplaats of lunchpauze noemen we maar een keer.',
    'Ich möchte gerne noch einen Punkt nennen, aber dabei bleibt es.',
  ].join(' ')
  const tags = extractKeywords(chatty)
  t.ok(tags.includes('facturen') && tags.includes('boekhouding'), `subjects tagged: ${tags}`)
  const filler = ['graag', 'punt', 'eerste', 'daarnaast', 'eigenlijk', 'gewoon', 'echt', 'gerne', 'punkt']
  t.same(
    tags.filter((w) => filler.includes(w)),
    [],
    `no filler words: ${tags}`,
  )
  t.same(
    tags.filter((w) => ['vergaderzaal', 'parkeerplaats', 'lunchpauze'].includes(w)),
    [],
    'words said once in a long text are no tags',
  )
})

t.test('German stop words are no tags', async (t) => {
  const tags = extractKeywords(
    'Wir automatisieren die Buchhaltung, damit Ihre Buchhaltung nicht mehr wartet. Automatisierung hilft.',
  )
  t.ok(tags.includes('buchhaltung'), `tags: ${tags}`)
  t.notOk(
    tags.some((w) => ['damit', 'nicht', 'mehr', 'ihre'].includes(w)),
    `tags: ${tags}`,
  )
})
