import type { Locale } from '@site/contracts'

// Frequent short words that tell the three site languages apart.
const MARKERS: Record<Locale, Set<string>> = {
  nl: new Set(
    'de het een en is zijn wat hoe waarom wie waar wanneer welke ik jullie jij je u uw wij we ons onze niet ook kan kunnen kunt wil wilt graag bij van voor met maar dat dit deze zo hoeveel kost kosten doen hebben heeft hallo hoi dank bedankt'.split(
      ' ',
    ),
  ),
  en: new Set(
    'the a an and is are what how why who where when which i you your we our us not also can could would want like with for but that this these so much does do have has hello hi thanks thank please'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das ein eine und ist sind was wie warum wer wo wann welche ich sie ihr wir unser nicht auch kann können möchte gern mit für aber dass diese so viel kostet kosten haben hat hallo danke bitte'.split(
      ' ',
    ),
  ),
}

/**
 * The language to answer in: the request's, unless the message is clearly written in another
 * site language (the widget sends `nl` for every visitor today, also for English questions).
 */
export function answerLanguage(message: string, requested: Locale): Locale {
  const words = message
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
  const scores = (Object.keys(MARKERS) as Locale[]).map((lang) => ({
    lang,
    n: words.filter((w) => MARKERS[lang].has(w)).length,
  }))
  scores.sort((a, b) => b.n - a.n)
  const [first, second] = scores
  const own = scores.find((s) => s.lang === requested)!.n
  if (first && second && first.lang !== requested && first.n >= 2 && first.n > second.n && first.n >= own + 2)
    return first.lang
  return requested
}

export const LANGUAGE_NAMES: Record<Locale, string> = {
  nl: 'Dutch (Nederlands)',
  en: 'English',
  de: 'German (Deutsch)',
}
