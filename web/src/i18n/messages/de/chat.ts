import type { Messages } from '../types'
import { chat as nl } from '../nl/chat'

// The conversation stays Dutch (spec §2/§9: Dutch greeting and times, language sent fixed at nl);
// the labels of the controls follow the site language.
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
  sources: 'Weiterlesen:',
}
