import {
  Type,
  loadConfig,
  IDLE_TIMEOUT_MS,
  ABSOLUTE_TIMEOUT_MS,
  serviceConfigProperties,
} from '@site/service-kit'

/** OWASP's minimum for argon2id (m=19 MiB, t=2, p=1); the schema refuses anything weaker. */
export const ARGON2_MIN = { memoryKiB: 19456, timeCost: 2, parallelism: 1 }

export const configProperties = {
  ...serviceConfigProperties,
  PORT: Type.Integer({ default: 3001 }),
  MONGO_DB: Type.String({ default: 'site_auth' }),
  ARGON2_MEMORY_KIB: Type.Integer({
    minimum: ARGON2_MIN.memoryKiB,
    maximum: 1048576,
    default: ARGON2_MIN.memoryKiB,
  }),
  ARGON2_TIME_COST: Type.Integer({ minimum: ARGON2_MIN.timeCost, maximum: 20, default: ARGON2_MIN.timeCost }),
  ARGON2_PARALLELISM: Type.Integer({
    minimum: ARGON2_MIN.parallelism,
    maximum: 16,
    default: ARGON2_MIN.parallelism,
  }),
  /** A session ends after this long without a request (rolling). */
  SESSION_IDLE_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: IDLE_TIMEOUT_MS }),
  /** A session ends this long after login whatever the activity. */
  SESSION_ABSOLUTE_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: ABSOLUTE_TIMEOUT_MS }),
  /** `auto`: Secure when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy). */
  SESSION_COOKIE_SECURE: Type.Union([Type.Literal('auto'), Type.Literal('true'), Type.Literal('false')], {
    default: 'auto',
  }),
  SESSION_COOKIE_SAMESITE: Type.Union([Type.Literal('lax'), Type.Literal('strict')], { default: 'lax' }),
  /**
   * Failed logins allowed per window: per username and client address (further attempts get 429),
   * per address whatever the username, and per username from addresses that have not signed in
   * to it in the last 30 days (lib/login-limiter.ts; one address cannot lock a name for everyone).
   */
  LOGIN_MAX_FAILURES: Type.Integer({ minimum: 1, default: 5 }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: Type.Integer({ minimum: 1, default: 20 }),
  LOGIN_MAX_FAILURES_PER_USERNAME: Type.Integer({ minimum: 1, default: 100 }),
  LOGIN_WINDOW_MS: Type.Integer({ minimum: 1000, default: 15 * 60 * 1000 }),
  /** The team's mail (issue 46: invitations, password resets): the contact worker's SMTP server and sender. */
  SMTP_URL: Type.String({ minLength: 1, default: 'smtp://127.0.0.1:1025' }),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Website <no-reply@localhost>' }),
  /** An invitation link works this many days, once. */
  INVITE_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 7 }),
  /** A password reset link works this many minutes, once. */
  PASSWORD_RESET_TTL_MINUTES: Type.Integer({ minimum: 5, maximum: 1440, default: 60 }),
  /** Days the audit trail keeps an entry; failed sign-ins (anyone can cause them) AUDIT_FAILED_SIGN_IN_DAYS. */
  AUDIT_RETENTION_DAYS: Type.Integer({ minimum: 1, default: 365 }),
  AUDIT_FAILED_SIGN_IN_DAYS: Type.Integer({ minimum: 1, default: 30 }),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configProperties, env)
