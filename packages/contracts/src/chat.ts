import { Type, type Static } from 'typebox'
import { Locale } from './locale.js'

/** Longest visitor message the chat accepts (characters, after trimming). */
export const CHAT_MESSAGE_MAX = 1000

/** The widget's session id: `session_<epoch ms>_<random base36>` (spec §3). */
export const CHAT_SESSION_ID_PATTERN = '^session_[0-9]{10,16}_[A-Za-z0-9]{1,32}$'
export const ChatSessionId = Type.String({ pattern: CHAT_SESSION_ID_PATTERN, maxLength: 64 })

/** Longest page path the widget sends with a message (the path only: no query, no fragment). */
export const CHAT_PAGE_PATH_MAX = 300

export const ChatRequest = Type.Object({
  /** Trimmed and checked against CHAT_MESSAGE_MAX by the service (with a message in the visitor's language). */
  message: Type.String({ maxLength: CHAT_MESSAGE_MAX * 4 }),
  sessionId: ChatSessionId,
  language: Type.Optional(Locale),
  /** The path of the page the visitor asked from (kept with the question for the admin's transcripts). */
  page: Type.Optional(Type.String({ pattern: '^/[^\\s?#]*$', maxLength: CHAT_PAGE_PATH_MAX })),
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
  /** The answer's id: what `POST /api/chat/feedback` rates. */
  messageId: Type.String(),
})
export type ChatResponse = Static<typeof ChatResponse>

/** `POST /api/chat/feedback`: the visitor's thumbs up (helpful) or down on one answer of their session. */
export const ChatFeedbackRequest = Type.Object({
  sessionId: ChatSessionId,
  messageId: Type.String({ pattern: '^[0-9a-f]{24}$' }),
  helpful: Type.Boolean(),
})
export type ChatFeedbackRequest = Static<typeof ChatFeedbackRequest>

export const ChatFeedbackResponse = Type.Object({ messageId: Type.String(), helpful: Type.Boolean() })
export type ChatFeedbackResponse = Static<typeof ChatFeedbackResponse>
