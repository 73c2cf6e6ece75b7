import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createAssistant, type Assistant } from '../answer/assistant.js'
import { Llm } from '../answer/llm.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers one visitor message (with the model when it is configured, else from retrieval). */
    assistant: Assistant
    /** Whether answers come from the model. */
    llmEnabled: boolean
  }
}

/** Whether answers come from the model: CHAT_MODE=auto and an endpoint or key configured. */
export const llmConfigured = (c: Config) =>
  c.CHAT_MODE === 'auto' && Boolean(c.OPENAI_BASE_URL || c.OPENAI_API_KEY)

/** The assistant over the knowledge index, the conversations and the limits (registered before it). */
export default fp<{ config: Config }>(
  async (app, { config: c }) => {
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
    app.log.info(
      { mode: llmEnabled ? 'llm' : 'retrieval', model: llmEnabled ? c.OPENAI_MODEL : undefined },
      'chat: answer mode',
    )
    const assistant = createAssistant({
      knowledge: app.knowledge,
      conversations: app.conversations,
      limits: app.chatLimits,
      llm,
      historyTurns: c.CHAT_HISTORY_TURNS,
      metrics: app.metrics,
      log: app.log,
    })
    app.decorate('assistant', assistant)
    app.decorate('llmEnabled', llmEnabled)
  },
  { name: 'chat-assistant', dependencies: ['chat-knowledge', 'chat-conversations', 'chat-limits'] },
)
