/**
 * The chat's transcripts and what the team learns from them (admin only, docs/chat.md
 * "Transcripts"): conversations with their messages and ratings, the questions the site could not
 * answer, and the share of helpful answers over time.
 */
import { Type, type Static } from 'typebox'
import { ChatMode, ChatSource } from './chat.js'
import { PageQuery, Paged } from './paging.js'

/** One message of a transcript: the visitor's question or the assistant's answer. */
export const ChatTranscriptMessage = Type.Object({
  id: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  text: Type.String(),
  at: Type.String({ format: 'date-time' }),
  language: Type.String(),
  /** Questions: the page the visitor asked from, when the widget sent it. */
  page: Type.Union([Type.String(), Type.Null()]),
  /** Questions: the site's content held nothing relevant (retrieval found no passage). */
  unanswered: Type.Boolean(),
  /** Answers: which mode answered, and the site links it rests on. */
  mode: Type.Union([ChatMode, Type.Null()]),
  sources: Type.Array(ChatSource),
  /** Answers: the visitor's rating (true: helpful), null when not rated. */
  helpful: Type.Union([Type.Boolean(), Type.Null()]),
})
export type ChatTranscriptMessage = Static<typeof ChatTranscriptMessage>

/** Messages of one conversation an answer carries at most (the newest; `messageCount` counts all). */
export const CHAT_TRANSCRIPT_MESSAGES_MAX = 200

export const ChatConversation = Type.Object({
  sessionId: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  lastAt: Type.String({ format: 'date-time' }),
  /** The languages the assistant answered in, most used first. */
  languages: Type.Array(Type.String()),
  /** The pages the visitor asked from, in the order first seen. */
  pages: Type.Array(Type.String()),
  messageCount: Type.Integer({ minimum: 0 }),
  helpful: Type.Integer({ minimum: 0 }),
  unhelpful: Type.Integer({ minimum: 0 }),
  /** Oldest first; the newest CHAT_TRANSCRIPT_MESSAGES_MAX when the conversation is longer. */
  messages: Type.Array(ChatTranscriptMessage),
})
export type ChatConversation = Static<typeof ChatConversation>

/** GET /api/chat/conversations: newest activity first; `q` finds a text in any message (literally, any case). */
export const ChatConversationQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  q: PageQuery.properties.q,
})
export type ChatConversationQuery = Static<typeof ChatConversationQuery>

export const ChatConversationList = Paged(ChatConversation)
export type ChatConversationList = Static<typeof ChatConversationList>

/** One group of unanswered questions: the same question after normalization, however often asked. */
export const ChatUnansweredQuestion = Type.Object({
  /** The normalized form the group is keyed by. */
  key: Type.String(),
  /** The latest wording a visitor used. */
  question: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  /** How many times retrieval found nothing, and how many times the answer was marked unhelpful. */
  notFound: Type.Integer({ minimum: 0 }),
  unhelpful: Type.Integer({ minimum: 0 }),
  languages: Type.Array(Type.String()),
  lastAt: Type.String({ format: 'date-time' }),
  /** The conversation of the latest asking (to read it in context). */
  sessionId: Type.String(),
})
export type ChatUnansweredQuestion = Static<typeof ChatUnansweredQuestion>

export const ChatUnansweredQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
})
export type ChatUnansweredQuery = Static<typeof ChatUnansweredQuery>

export const ChatUnansweredList = Paged(ChatUnansweredQuestion)
export type ChatUnansweredList = Static<typeof ChatUnansweredList>

/** Ratings of the answers given in one week (Monday to Sunday, UTC), by the day the answer was given. */
export const ChatFeedbackWeek = Type.Object({
  /** The week's Monday, YYYY-MM-DD. */
  week: Type.String(),
  rated: Type.Integer({ minimum: 0 }),
  helpful: Type.Integer({ minimum: 0 }),
})
export type ChatFeedbackWeek = Static<typeof ChatFeedbackWeek>

/** GET /api/chat/feedback: the share of helpful answers over the kept period, week by week. */
export const ChatFeedbackSummary = Type.Object({
  /** Days conversations are kept (CHAT_RETENTION_DAYS): the period the figures cover. */
  days: Type.Integer({ minimum: 1 }),
  answers: Type.Integer({ minimum: 0 }),
  rated: Type.Integer({ minimum: 0 }),
  helpful: Type.Integer({ minimum: 0 }),
  /** Oldest first, every week of the period (weeks without ratings too). */
  weeks: Type.Array(ChatFeedbackWeek),
})
export type ChatFeedbackSummary = Static<typeof ChatFeedbackSummary>
