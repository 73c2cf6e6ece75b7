import type { ChatConversation, ChatTranscriptMessage } from '@site/contracts'
import type { ConversationDoc } from '../models/conversation.js'
import type { TurnDoc } from '../models/turn.js'

/** Per conversation: how many turns it has, and how many answers were rated helpful or not. */
export interface TurnCounts {
  messages: number
  helpful: number
  unhelpful: number
}
export const NO_TURNS: TurnCounts = { messages: 0, helpful: 0, unhelpful: 0 }

export function toMessageDto(d: TurnDoc): ChatTranscriptMessage {
  const answer = d.role === 'assistant'
  return {
    id: String(d._id),
    role: d.role,
    text: d.text,
    at: d.at.toISOString(),
    language: d.language,
    page: answer ? null : (d.page ?? null),
    unanswered: !answer && d.notFound === true,
    mode: answer ? (d.mode ?? null) : null,
    sources: answer ? (d.sources ?? []).map((s) => ({ title: s.title, url: s.url })) : [],
    helpful: answer && typeof d.helpful === 'boolean' ? d.helpful : null,
  }
}

/** Values by how often they occur, most first (ties in order of first appearance). */
function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v)
}

/** A conversation with its turns (oldest first; the newest of them when it was cut). */
export function toConversationDto(
  c: ConversationDoc,
  turns: TurnDoc[],
  counts: TurnCounts,
): ChatConversation {
  const messages = turns.map(toMessageDto)
  const pages: string[] = []
  for (const m of messages) if (m.page && !pages.includes(m.page)) pages.push(m.page)
  return {
    sessionId: c._id,
    // The first kept message: older turns may have been swept while the conversation went on.
    startedAt: (turns[0]?.at ?? c.startedAt).toISOString(),
    lastAt: c.lastAt.toISOString(),
    languages: byFrequency(messages.filter((m) => m.role === 'assistant').map((m) => m.language)),
    pages,
    messageCount: Math.max(counts.messages, messages.length),
    helpful: counts.helpful,
    unhelpful: counts.unhelpful,
    messages,
  }
}
