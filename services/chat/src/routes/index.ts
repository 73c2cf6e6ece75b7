import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import { noStore } from '@site/service-kit'
import type { Config } from '../config.js'
import assistant from '../plugins/assistant.js'
import conversations from '../plugins/conversations.js'
import knowledge from '../plugins/knowledge.js'
import limits from '../plugins/limits.js'
import chatPublic from './chat/public.js'
import conversationsAdmin from './conversations/admin.js'
import feedbackPublic from './feedback/public.js'
import insightsAdmin from './insights/admin.js'

export { llmConfigured } from '../plugins/assistant.js'

const routes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config: c }) => {
  await app.register(knowledge, {
    contentUrl: c.CONTENT_URL.replace(/\/$/, ''),
    blogUrl: c.BLOG_URL.replace(/\/$/, ''),
    timeoutMs: c.CHAT_SOURCE_TIMEOUT_MS,
    pageUrl: c.CHAT_PAGE_URL,
    dir: c.CHAT_INDEX_DIR,
    changes: { redisUrl: c.REDIS_URL, prefix: c.QUEUE_PREFIX },
  })
  await app.register(conversations, {
    retentionDays: c.CHAT_RETENTION_DAYS,
    sweepMs: c.CHAT_RETENTION_SWEEP_MS,
  })
  await app.register(limits, {
    prefix: `${c.QUEUE_PREFIX}:chat`,
    sessionPerMinute: c.CHAT_SESSION_PER_MINUTE,
    ipPerMinute: c.CHAT_IP_PER_MINUTE,
    ipPerDay: c.CHAT_IP_PER_DAY,
    dailyLlmBudget: c.CHAT_DAILY_LLM_BUDGET,
    feedbackPerMinute: c.CHAT_FEEDBACK_PER_MINUTE,
  })
  await app.register(assistant, { config: c })
  // Every chat answer is the visitor's or the admin's own: never kept by a browser or a shared cache.
  app.addHook('onSend', noStore)
  await app.register(chatPublic)
  await app.register(feedbackPublic)
  await app.register(conversationsAdmin)
  await app.register(insightsAdmin)
}
export default fp(routes, { name: 'chat-service' })
