import { Type, type Static } from 'typebox'
import { Locale } from './locale.js'

/** Longest visitor message the chat accepts (characters, after trimming). */
export const CHAT_MESSAGE_MAX = 1000

/** The widget's session id: `session_<epoch ms>_<random base36>` (spec §3). */
export const CHAT_SESSION_ID_PATTERN = '^session_[0-9]{10,16}_[A-Za-z0-9]{1,32}$'

export const ChatRequest = Type.Object({
  /** Trimmed and checked against CHAT_MESSAGE_MAX by the service (with a message in the visitor's language). */
  message: Type.String({ maxLength: CHAT_MESSAGE_MAX * 4 }),
  sessionId: Type.String({ pattern: CHAT_SESSION_ID_PATTERN, maxLength: 64 }),
  language: Type.Optional(Locale),
})
export type ChatRequest = Static<typeof ChatRequest>

export const ChatSource = Type.Object({ title: Type.String(), url: Type.String() })
export type ChatSource = Static<typeof ChatSource>

export const ChatMode = Type.Union([Type.Literal('llm'), Type.Literal('retrieval')])
export type ChatMode = Static<typeof ChatMode>

export const ChatResponse = Type.Object({
  response: Type.String(),
  sources: Type.Array(ChatSource),
  mode: ChatMode,
})
export type ChatResponse = Static<typeof ChatResponse>
