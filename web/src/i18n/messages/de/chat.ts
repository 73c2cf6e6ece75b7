import type { Messages } from '../types'
import { chat as nl } from '../nl/chat'

// The conversation stays Dutch (spec §2/§9: Dutch greeting and times, language sent fixed at nl);
// the labels of the controls, the disclosure and the rating follow the site language.
export const chat: Messages['chat'] = {
  ...nl,
  title: 'Chatten Sie mit uns',
  open: 'Chat öffnen',
  close: 'Chat schließen',
  send: 'Senden',
  typing: 'Der Assistent schreibt...',
  messages: 'Chatnachrichten',
  you: 'Sie',
  bot: 'Assistent',
  /** The link for a page an answer cites, "contact form (open)". */
  openLink: 'öffnen',
  sources: 'Weiterlesen:',
  disclosure:
    'Sie chatten mit einem automatisierten Assistenten (KI), nicht mit einem Menschen. Seine Antworten können falsch oder unvollständig sein. Wir speichern dieses Gespräch, um unsere Antworten zu verbessern.',
  person: 'Lieber mit jemandem aus unserem Team sprechen?',
  personAction: 'Kostenlose Beratung anfragen',
  rateQuestion: 'War diese Antwort hilfreich?',
  helpful: 'Hilfreich',
  notHelpful: 'Nicht hilfreich',
  rated: 'Danke für Ihre Bewertung.',
  rateFailed: 'Ihre Bewertung wurde nicht gespeichert. Bitte versuchen Sie es erneut.',
}
