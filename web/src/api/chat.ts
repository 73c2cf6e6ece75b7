// POST /api/chat (spec §7): message, sessionId, language fixed at nl (spec §9), and the page the
// visitor asks from; reads `response` and the answer's `messageId` (what the thumbs rate). Each way
// the call can fail maps to one bot text of spec §8. Below: the rating, and the admin's transcripts.
import { deleteJson, getJson, isApiError, postJson } from '@/lib/api'
import type {
  ChatConversation,
  ChatConversationList,
  ChatFeedbackResponse,
  ChatFeedbackSummary,
  ChatResponse,
  ChatUnansweredList,
} from '@site/contracts'

export const CHAT_LANGUAGE = 'nl' as const
/** The longest page path the chat service keeps with a question. */
const PAGE_PATH_MAX = 300

export type ChatOutcome =
  | { kind: 'answer'; text: string; sources: { title: string; url: string }[]; messageId: string | null }
  /** non-ok status; `serverMessage` only for 429 (docs/api.md: a message the widget shows). */
  | { kind: 'status'; serverMessage: string | null }
  | { kind: 'unreadable' }
  | { kind: 'no-response' }
  | { kind: 'network' }

/** The page's path as the chat service takes it (a path without query or fragment), else nothing. */
function currentPage(): string | undefined {
  const path = typeof location === 'undefined' ? '' : location.pathname
  return /^\/[^\s?#]*$/.test(path) && path.length <= PAGE_PATH_MAX ? path : undefined
}

export async function askChat(message: string, sessionId: string): Promise<ChatOutcome> {
  let reply: ChatResponse | undefined
  try {
    reply = await postJson<ChatResponse>('/api/chat', {
      message,
      sessionId,
      language: CHAT_LANGUAGE,
      page: currentPage(),
    })
  } catch (err) {
    if (isApiError(err) && err.kind === 'http')
      return { kind: 'status', serverMessage: err.status === 429 ? err.serverMessage : null }
    if (isApiError(err) && err.kind === 'parse') return { kind: 'unreadable' }
    return { kind: 'network' }
  }
  if (!reply || typeof reply !== 'object') return { kind: 'unreadable' }
  if (typeof reply.response !== 'string' || reply.response.trim() === '') return { kind: 'no-response' }
  const sources = Array.isArray(reply.sources)
    ? reply.sources.filter(
        (s): s is { title: string; url: string } =>
          !!s && typeof s.title === 'string' && typeof s.url === 'string',
      )
    : []
  const messageId = typeof reply.messageId === 'string' ? reply.messageId : null
  return { kind: 'answer', text: reply.response, sources, messageId }
}

/** POST /api/chat/feedback: the visitor's thumbs up (helpful) or down on one answer. */
export const rateAnswer = (sessionId: string, messageId: string, helpful: boolean) =>
  postJson<ChatFeedbackResponse>('/api/chat/feedback', { sessionId, messageId, helpful })

// The admin's transcripts (docs/chat.md "Transcripts").
export const listConversations = (page: number, pageSize: number, q: string, signal: AbortSignal) =>
  getJson<ChatConversationList>('/api/chat/conversations', {
    signal,
    params: { page, pageSize, ...(q ? { q } : {}) },
  })
export const getConversation = (sessionId: string, signal: AbortSignal) =>
  getJson<ChatConversation>(`/api/chat/conversations/${encodeURIComponent(sessionId)}`, { signal })
export const deleteConversation = (sessionId: string) =>
  deleteJson(`/api/chat/conversations/${encodeURIComponent(sessionId)}`)
export const listUnanswered = (page: number, pageSize: number, signal: AbortSignal) =>
  getJson<ChatUnansweredList>('/api/chat/unanswered', { signal, params: { page, pageSize } })
export const getChatFeedback = (signal: AbortSignal) =>
  getJson<ChatFeedbackSummary>('/api/chat/feedback', { signal })
