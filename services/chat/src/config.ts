import { Type, loadConfig, serviceConfigProperties } from '@site/service-kit'

const positive = (def: number, description: string) => Type.Integer({ minimum: 1, default: def, description })

export const configProperties = {
  ...serviceConfigProperties,
  PORT: Type.Integer({ default: 3004 }),
  MONGO_DB: Type.String({ default: 'site_chat' }),

  // Where the site's published content is read (the owning services' public APIs).
  CONTENT_URL: Type.String({ default: 'http://127.0.0.1:3002' }),
  BLOG_URL: Type.String({ default: 'http://127.0.0.1:3003' }),
  /** Folder of the search index's file (rebuilt at every start; a few hundred MB at 10,000 posts). Empty: the system's temporary folder. */
  CHAT_INDEX_DIR: Type.String({ default: '' }),
  CHAT_SOURCE_TIMEOUT_MS: positive(5_000, 'timeout of one read of the content or blog service'),
  /** Public link of a static page; `{slug}` is replaced. Empty: pages are cited without a link. */
  CHAT_PAGE_URL: Type.String({ default: '/pages/{slug}' }),

  // The language model (any OpenAI-compatible endpoint). Neither set: retrieval mode only.
  OPENAI_BASE_URL: Type.String({ default: '' }),
  OPENAI_API_KEY: Type.String({ default: '' }),
  OPENAI_MODEL: Type.String({ default: 'gpt-4o-mini' }),
  /** `auto`: use the model when OPENAI_BASE_URL or OPENAI_API_KEY is set; `retrieval`: never. */
  CHAT_MODE: Type.Union([Type.Literal('auto'), Type.Literal('retrieval')], { default: 'auto' }),
  CHAT_LLM_TIMEOUT_MS: positive(20_000, 'timeout of one model call (one retry follows a failure)'),
  CHAT_LLM_MAX_TOKENS: positive(500, 'longest model answer in tokens'),
  CHAT_DAILY_LLM_BUDGET: Type.Integer({
    minimum: 0,
    default: 2000,
    description: 'model calls per UTC day, all visitors together',
  }),
  /** After this many failed model calls in a row the service answers from retrieval for CHAT_LLM_COOLDOWN_MS. */
  CHAT_LLM_FAILURES_BEFORE_COOLDOWN: positive(3, 'consecutive model failures that pause the model'),
  CHAT_LLM_COOLDOWN_MS: positive(60_000, 'pause after repeated model failures'),

  // Conversations.
  CHAT_HISTORY_TURNS: Type.Integer({
    minimum: 0,
    default: 10,
    description: 'earlier turns sent to the model',
  }),
  CHAT_RETENTION_DAYS: positive(
    90,
    'days each message is kept; a conversation goes with its last message (the admin transcripts, unanswered questions and ratings cover this period)',
  ),
  CHAT_RETENTION_SWEEP_MS: positive(3_600_000, 'how often old conversations are deleted'),

  // Abuse limits (Redis, fixed windows).
  CHAT_SESSION_PER_MINUTE: positive(10, 'messages per chat session per minute'),
  CHAT_IP_PER_MINUTE: positive(20, 'messages per client IP per minute'),
  CHAT_IP_PER_DAY: positive(300, 'messages per client IP per day'),
  CHAT_FEEDBACK_PER_MINUTE: positive(30, 'answer ratings per client IP per minute'),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configProperties, env)
