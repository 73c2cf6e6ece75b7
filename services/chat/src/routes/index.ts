import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createAssistant } from '../answer/assistant.js'
import { Llm } from '../answer/llm.js'
import conversations from '../plugins/conversations.js'
import knowledge from '../plugins/knowledge.js'
import limits from '../plugins/limits.js'
import chatRoutes from './chat/index.js'

/** Whether answers come from the model: CHAT_MODE=auto and an endpoint or key configured. */
export const llmConfigured = (c: Config) => c.CHAT_MODE === 'auto' && Boolean(c.OPENAI_BASE_URL || c.OPENAI_API_KEY)

const routes: FastifyPluginAsync<{ config: Config }> = async (app, { config: c }) => {
  await app.register(knowledge, {
    contentUrl: c.CONTENT_URL.replace(/\/$/, ''),
    blogUrl: c.BLOG_URL.replace(/\/$/, ''),
    timeoutMs: c.CHAT_SOURCE_TIMEOUT_MS,
    pageUrl: c.CHAT_PAGE_URL,
    refreshMs: c.CHAT_INDEX_REFRESH_MS,
    changes: { redisUrl: c.REDIS_URL, prefix: c.QUEUE_PREFIX },
  })
  await app.register(conversations, { retentionDays: c.CHAT_RETENTION_DAYS, sweepMs: c.CHAT_RETENTION_SWEEP_MS })
  await app.register(limits, {
    prefix: `${c.QUEUE_PREFIX}:chat`,
    sessionPerMinute: c.CHAT_SESSION_PER_MINUTE,
    ipPerMinute: c.CHAT_IP_PER_MINUTE,
    ipPerDay: c.CHAT_IP_PER_DAY,
    dailyLlmBudget: c.CHAT_DAILY_LLM_BUDGET,
  })

  const llmEnabled = llmConfigured(c)
  const llm = llmEnabled
    ? new Llm({
        baseURL: c.OPENAI_BASE_URL,
        apiKey: c.OPENAI_API_KEY,
        model: c.OPENAI_MODEL,
        timeoutMs: c.CHAT_LLM_TIMEOUT_MS,
        maxTokens: c.CHAT_LLM_MAX_TOKENS,
        failuresBeforeCooldown: c.CHAT_LLM_FAILURES_BEFORE_COOLDOWN,
        cooldownMs: c.CHAT_LLM_COOLDOWN_MS,
      })
    : null
  app.log.info({ mode: llmEnabled ? 'llm' : 'retrieval', model: llmEnabled ? c.OPENAI_MODEL : undefined }, 'chat: answer mode')

  const assistant = createAssistant({
    knowledge: app.knowledge,
    conversations: app.conversations,
    limits: app.chatLimits,
    llm,
    historyTurns: c.CHAT_HISTORY_TURNS,
    metrics: app.metrics,
    log: app.log,
  })
  await app.register(chatRoutes, { assistant, llmEnabled })
}
export default fp(routes, { name: 'chat-service' })
