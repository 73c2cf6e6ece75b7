// Chat widget state (spec §3/§4): closed or open; idle or waiting (input and send disabled). The
// user message is appended at once, the bot reply (or the error text of spec §8) afterwards.
import { create } from 'zustand'
import type { ChatSource } from '@site/contracts'
import { askChat, rateAnswer, type ChatOutcome } from '@/api/chat'

export const CHAT_SESSION_KEY = 'chatSessionId'

/** `session_<Date.now()>_<random>`, created once and kept in localStorage `chatSessionId`. */
export function getChatSessionId(): string {
  try {
    const existing = localStorage.getItem(CHAT_SESSION_KEY)
    if (existing) return existing
  } catch {
    // no storage: a per-visit id below
  }
  const id = `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`
  try {
    localStorage.setItem(CHAT_SESSION_KEY, id)
  } catch {
    // ignore
  }
  return id
}

/** Chat message kept on the client (spec §3). */
export interface ChatMessage {
  id: string
  text: string
  sender: 'user' | 'bot'
  timestamp: number
}
export type ChatEntry = ChatMessage & {
  sources?: ChatSource[]
  /** The server's id of an answer: only such answers can be rated. */
  messageId?: string
  /** The visitor's rating (true: helpful), and whether saving it failed. */
  helpful?: boolean
  rating?: 'saving' | 'saved' | 'failed'
}

/** The bot texts for the failure outcomes (spec §8), from the catalog. */
export interface ChatErrorTexts {
  errorStatus: string
  errorUnreadable: string
  errorNoResponse: string
  errorNetwork: string
}

function replyText(outcome: Exclude<ChatOutcome, { kind: 'answer' }>, t: ChatErrorTexts): string {
  switch (outcome.kind) {
    case 'status':
      return outcome.serverMessage ?? t.errorStatus
    case 'unreadable':
      return t.errorUnreadable
    case 'no-response':
      return t.errorNoResponse
    case 'network':
      return t.errorNetwork
  }
}

interface ChatState {
  open: boolean
  /** Waiting for a reply: input and send are disabled. */
  pending: boolean
  /** When the greeting (always the first message) was shown. */
  greetedAt: number
  messages: ChatEntry[]
  setOpen: (open: boolean) => void
  append: (
    message: Omit<ChatEntry, 'id' | 'timestamp'> & Partial<Pick<ChatEntry, 'id' | 'timestamp'>>,
  ) => void
  setPending: (pending: boolean) => void
  /** Sends a message (trimmed, non-empty, not while waiting); resolves when the reply is shown. */
  send: (text: string, errors: ChatErrorTexts) => Promise<void>
  /** Rates an answer (thumbs up: helpful); a failed save keeps the earlier rating and says so. */
  rate: (entryId: string, helpful: boolean) => Promise<void>
}

let seq = 0
export const useChatStore = create<ChatState>()((set, get) => ({
  open: false,
  pending: false,
  greetedAt: Date.now(),
  messages: [],
  setOpen: (open) => set({ open }),
  append: (m) =>
    set((s) => ({
      messages: [
        ...s.messages,
        {
          id: m.id ?? `m${Date.now()}_${++seq}`,
          timestamp: m.timestamp ?? Date.now(),
          text: m.text,
          sender: m.sender,
          sources: m.sources,
          messageId: m.messageId,
        },
      ],
    })),
  setPending: (pending) => set({ pending }),
  send: async (text, errors) => {
    const message = text.trim()
    if (!message || get().pending) return
    get().append({ text: message, sender: 'user' })
    set({ pending: true })
    try {
      const outcome = await askChat(message, getChatSessionId())
      if (outcome.kind === 'answer')
        get().append({
          text: outcome.text,
          sender: 'bot',
          sources: outcome.sources,
          messageId: outcome.messageId ?? undefined,
        })
      else get().append({ text: replyText(outcome, errors), sender: 'bot' })
    } finally {
      set({ pending: false })
    }
  },
  rate: async (entryId, helpful) => {
    const entry = get().messages.find((m) => m.id === entryId)
    if (!entry?.messageId || entry.rating === 'saving') return
    const update = (patch: Partial<ChatEntry>) =>
      set((s) => ({ messages: s.messages.map((m) => (m.id === entryId ? { ...m, ...patch } : m)) }))
    const before = entry.helpful
    update({ helpful, rating: 'saving' })
    try {
      await rateAnswer(getChatSessionId(), entry.messageId, helpful)
      update({ rating: 'saved' })
    } catch {
      update({ helpful: before, rating: 'failed' })
    }
  },
}))
