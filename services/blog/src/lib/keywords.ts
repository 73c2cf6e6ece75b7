/**
 * Offline tags: the most frequent meaningful words of a text, without Dutch and English stop words.
 * Used when no LLM is configured or reachable.
 */
const STOP = new Set(
  // English
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just like me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up us very was we were what when where which while who whom why will with would you your yours yourself yourselves one two new use used using get make many much may might must need via well way even every within without also however therefore thus yet still really http https www html com org net ' +
    // Dutch
    'aan al alle alles als altijd andere ben bij daar dan dat de der deze die dit doch doen door dus een eens en er ge geen geweest haar had heb hebben heeft hem het hier hij hoe hun iemand iets ik in is ja je jij jou jouw jullie kan kon kunnen maar me meer men met mij mijn moet na naar niet niets nog nu of om omdat onder ons onze ook op over reeds te tegen toch toen tot u uit uw van veel voor want waren was wat we wel werd wezen wie wil worden wordt zal ze zelf zich zij zijn zo zonder zou zoals waar waarom hoe welke welk deze dezen elk elke ieder iedere gaan gaat ging komen komt kwam maken maakt goed heel hele steeds vaak echter zeer sinds tussen binnen buiten boven beneden tijdens volgens via per weer zodat anders paar terwijl wanneer eerst soms nooit zelfs alleen samen daarom hierbij daarna'
  ).split(/\s+/),
)

/**
 * Up to `max` tags: the most frequent words of four or more letters. A short text whose content
 * words are all shorter (AI, app, web, SEO) gets those instead, so a text with content words never
 * ends without tags.
 */
export function extractKeywords(text: string, max = 5): string[] {
  const words = (text.toLowerCase().match(/[\p{L}][\p{L}\p{N}-]*/gu) ?? [])
    .map((raw) => raw.replace(/-+$/, ''))
    .filter((w) => !STOP.has(w))
  const long = words.filter((w) => w.length >= 4)
  return mostFrequent(long.length ? long : words.filter((w) => w.length >= 2), max)
}

function mostFrequent(words: string[], max: number): string[] {
  const counts = new Map<string, number>()
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([w]) => w)
}

/** nl or en by stop word counts, for uploads that do not name their language. */
export function detectLanguage(text: string): 'nl' | 'en' {
  const nl = new Set([
    'de',
    'het',
    'een',
    'en',
    'van',
    'ik',
    'je',
    'dat',
    'die',
    'niet',
    'is',
    'op',
    'te',
    'zijn',
    'voor',
    'met',
    'wij',
    'ook',
    'wordt',
    'naar',
  ])
  const en = new Set([
    'the',
    'a',
    'and',
    'of',
    'to',
    'is',
    'in',
    'that',
    'it',
    'for',
    'with',
    'on',
    'are',
    'this',
    'be',
    'as',
    'you',
    'we',
    'by',
    'from',
  ])
  let n = 0
  let e = 0
  for (const w of text
    .toLowerCase()
    .match(/\p{L}+/gu)
    ?.slice(0, 5000) ?? []) {
    if (nl.has(w)) n++
    if (en.has(w)) e++
  }
  return e > n ? 'en' : 'nl'
}
