import type { Messages } from '../types'
import { chat as nl } from '../nl/chat'

// The conversation stays Dutch (spec §2/§9: Dutch greeting and times, language sent fixed at nl);
// the labels of the controls follow the site language.
export const chat: Messages['chat'] = {
  ...nl,
  title: 'Chat with us',
  open: 'Open chat',
  close: 'Close chat',
  send: 'Send',
  typing: 'The assistant is typing...',
  messages: 'Chat messages',
  you: 'You',
  bot: 'Assistant',
  sources: 'Read more:',
}
