import type { Messages } from '../types'
import { chat as nl } from '../nl/chat'

// The conversation stays Dutch (spec §2/§9: Dutch greeting and times, language sent fixed at nl);
// the labels of the controls, the disclosure and the rating follow the site language.
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
  /** The link for a page an answer cites, "contact form (open)". */
  openLink: 'open',
  sources: 'Read more:',
  disclosure:
    'You are chatting with an automated assistant (AI), not a person. Its answers may be wrong or incomplete. We keep this conversation to improve our answers.',
  person: 'Would you rather talk to someone from our team?',
  personAction: 'Request a free consultation',
  rateQuestion: 'Was this answer helpful?',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  rated: 'Thank you for your feedback.',
  rateFailed: 'Your rating was not saved. Please try again.',
}
