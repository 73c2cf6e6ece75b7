// The Inbox's chat views: the conversations (transcripts), the share of helpful answers, and the
// questions the site could not answer.
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export const chat = {
  heading: 'Chat conversations',
  lead: (days: number | null) =>
    `What visitors asked the chat assistant and what it answered, latest first. ${
      days
        ? `Conversations are kept for ${plural(days, 'day', 'days')}, then deleted.`
        : 'Old conversations are deleted.'
    }`,
  searchLabel: 'Search the conversations',
  searchPlaceholder: 'Search the messages…',
  empty: 'No conversations yet.',
  none: (q: string) => `No conversation mentions "${q}".`,
  conversationOf: (when: string) => `Conversation of ${when}`,
  messages: (n: number) => plural(n, 'message', 'messages'),
  helpfulCount: (n: number) => `${n} helpful`,
  unhelpfulCount: (n: number) => `${n} not helpful`,
  languages: 'Language',
  pages: 'Asked on',
  showTranscript: 'Show the conversation',
  hideTranscript: 'Hide the conversation',
  shownOf: (shown: number, total: number) => `The latest ${shown} of ${total} messages.`,
  visitor: 'Visitor',
  assistant: 'Assistant',
  mode: { llm: 'LLM', retrieval: 'Retrieval' } as Record<string, string>,
  modeLabel: 'Answered by',
  sources: 'Sources',
  ratedHelpful: 'Rated helpful',
  ratedUnhelpful: 'Rated not helpful',
  notRated: 'Not rated',
  unanswered: 'Nothing found on the site',
  onPage: 'on',
  requests: 'Consultation requests from this conversation',
  requestsLoading: 'Looking for consultation requests…',
  noRequests: 'This conversation did not lead to a consultation request.',
  openRequest: (name: string, when: string) => `Request of ${name}, ${when}`,
  erase: 'Erase',
  eraseTitle: 'Erase this conversation?',
  eraseText:
    'The conversation and every message of it are erased for good. A consultation request it led to is kept (erase it under Consultation requests). This cannot be undone.',
  erased: 'Conversation erased',
  failed: 'Something went wrong. Please try again.',
  showAll: 'Show all conversations',
  missing: 'This conversation no longer exists: it was erased, or is older than the kept period.',
  // The share of helpful answers
  feedback: {
    heading: 'Helpful answers',
    summary: (helpful: number, rated: number, answers: number, days: number) =>
      `${helpful} of ${rated} rated answers were helpful; ${answers} answers in the last ${days} days.`,
    noRatings: (answers: number, days: number) =>
      `No answer has been rated yet (${answers} answers in the last ${days} days).`,
    caption: 'Rated answers per week',
    week: 'Week of',
    rated: 'Rated',
    helpful: 'Helpful',
    share: 'Share helpful',
  },
  // The unanswered questions
  unansweredHeading: 'Unanswered questions',
  unansweredLead:
    'Questions the site’s content had no answer for, or whose answer a visitor marked not helpful, most asked first: what to write next.',
  unansweredEmpty: 'No unanswered questions.',
  asked: (n: number) => `Asked ${n === 1 ? 'once' : `${n} times`}`,
  notFoundCount: (n: number) => `nothing found ${n}×`,
  unhelpfulRated: (n: number) => `rated not helpful ${n}×`,
  lastAsked: 'Last asked',
  readLatest: 'Read the latest conversation',
}
