// POST /api/chat (spec §7): message, sessionId, language fixed at nl (spec §9); reads `response`.
// Each way the call can fail maps to one bot text of spec §8.
import { isApiError, postJson } from '@/lib/api'
import type { ChatResponse } from '@site/contracts'

export const CHAT_LANGUAGE = 'nl' as const

export type ChatOutcome =
  | { kind: 'answer'; text: string; sources: { title: string; url: string }[] }
  /** non-ok status; `serverMessage` only for 429 (docs/api.md: a message the widget shows). */
  | { kind: 'status'; serverMessage: string | null }
  | { kind: 'unreadable' }
  | { kind: 'no-response' }
  | { kind: 'network' }

export async function askChat(message: string, sessionId: string): Promise<ChatOutcome> {
  let reply: ChatResponse | undefined
  try {
    reply = await postJson<ChatResponse>('/api/chat', { message, sessionId, language: CHAT_LANGUAGE })
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
  return { kind: 'answer', text: reply.response, sources }
}
