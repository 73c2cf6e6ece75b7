import type { FastifyBaseLogger } from 'fastify'
import { Counter, type Registry } from 'prom-client'
import type { ChatResponse, Locale } from '@site/contracts'
import type { KnowledgeIndex } from '../knowledge/index.js'
import type { ConversationStore } from '../conversations/store.js'
import type { Limits } from '../plugins/limits.js'
import { CONSULTATION_URL } from '../knowledge/facts.js'
import { answerLanguage } from './language.js'
import type { Llm } from './llm.js'
import { buildMessages } from './prompt.js'
import { isAcknowledgement } from './texts.js'
import { consultationTitle, planAnswer, retrievalAnswer, sourcesOf } from './retrieval.js'

export interface AssistantDeps {
  knowledge: KnowledgeIndex
  conversations: ConversationStore
  limits: Limits
  llm: Llm | null
  historyTurns: number
  metrics: Registry
  log: FastifyBaseLogger
}

export type Assistant = (input: {
  message: string
  sessionId: string
  language: Locale
  /** The page the visitor asked from (kept with the question). */
  page?: string
}) => Promise<ChatResponse>

/** Answers one visitor message: with the model when it is configured, within budget and healthy; else from retrieval. */
export function createAssistant(d: AssistantDeps): Assistant {
  const answers = new Counter({
    name: 'chat_answers_total',
    help: 'Chat answers by mode and the reason for it',
    labelNames: ['mode', 'reason'] as const,
    registers: [d.metrics],
  })

  return async ({ message, sessionId, language, page }) => {
    const lang = answerLanguage(message, language)
    const history = await d.conversations.recent(sessionId, d.historyTurns)
    let hits = d.knowledge.find(message, lang)
    const previousQuestion = [...history].reverse().find((t) => t.role === 'user')
    // A short follow-up ("and how long does that take?") is searched together with the question before it.
    if (previousQuestion && (hits.length === 0 || message.split(/\s+/).length <= 6)) {
      const merged = d.knowledge.find(`${previousQuestion.text} ${message}`, lang)
      if (merged.length)
        hits = [...hits, ...merged.filter((m) => !hits.some((h) => h.item.key === m.item.key))].slice(0, 4)
    }

    // What the site has for it decides the retrieval answer, and whether the question was unanswered.
    const plan = planAnswer(message, lang, hits, d.knowledge)

    let result: Omit<ChatResponse, 'messageId'> | undefined
    let reason = 'no-llm'
    if (d.llm) {
      if (d.llm.paused) reason = 'llm-paused'
      else if (!(await d.limits.takeLlmCall())) reason = 'budget'
      else {
        try {
          const text = await d.llm.complete(buildMessages(lang, hits, history, message))
          const cited = sourcesOf(d.knowledge.cited(text, lang), lang).filter(
            (s) => s.url !== CONSULTATION_URL,
          )
          if (/(^|[\s(])\/#contact\b/.test(text))
            cited.push({ title: consultationTitle(lang), url: CONSULTATION_URL })
          result = { response: text, sources: cited, mode: 'llm' }
          reason = 'llm'
        } catch (err) {
          reason = 'llm-failed'
          d.log.warn({ err: (err as Error).message }, 'chat: model failed, answering from retrieval')
        }
      }
    }
    result ??= { ...retrievalAnswer(message, lang, plan), mode: 'retrieval' }
    answers.inc({ mode: result.mode, reason })

    const { answerId } = await d.conversations.addExchange({
      sessionId,
      question: message,
      answer: result.response,
      language: lang,
      mode: result.mode,
      sources: result.sources,
      page: page ?? null,
      // Nothing relevant found (an acknowledgement such as "thanks" is no question).
      found: plan.kind !== 'nothing' || isAcknowledgement(message),
    })
    return { ...result, messageId: answerId }
  }
}
