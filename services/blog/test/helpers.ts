import { randomBytes } from 'node:crypto'
import { startFakeOpenAI, testApp } from '@site/service-kit/testing'
import { silentLog } from '@site/service-kit'
import { buildApp } from '../src/app.js'
import { readConfig, readWorkerConfig } from '../src/config.js'
import { startImportWorker } from '../src/jobs/worker-setup.js'

/** The blog service for the kit's testApp: a fresh database and queue prefix, signed in as "editor". */
export const blog = (env: Record<string, string> = {}) => ({
  name: 'blog',
  config: readConfig,
  build: buildApp,
  env: { BLOG_IMPORT_BACKOFF_MS: '50', ...env },
  adminUser: { id: 'admin-1', username: 'editor' },
})

/** The blog test app with a real BullMQ Worker in this process when asked, on the same database and queue prefix. */
export async function blogApp(env: Record<string, string> = {}) {
  const h = await testApp(blog(env))
  return Object.assign(h, {
    async startWorker(more: Record<string, string> = {}) {
      const closables = await startImportWorker(readWorkerConfig({ ...h.env, ...more }), silentLog)
      h.onClose(async () => {
        for (const c of closables) await c.close()
      })
      return closables
    },
  })
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type?: string; data: Buffer },
) {
  const boundary = `----blogtest${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export interface LlmCall {
  system: string
  /** The request (first user message) and, on a retry, the follow-up (last user message). */
  user: string
  retry: string
  model: string
  body: Record<string, unknown>
}
export type LlmReply = { status?: number; content?: string; hang?: boolean }

/** The kit's fake OpenAI server; `reply` decides each answer from the call as this service sends it. */
export async function startFakeLlm(
  reply: (call: LlmCall, n: number) => LlmReply | Promise<LlmReply> = translatorReply,
) {
  const calls: LlmCall[] = []
  const fake = await startFakeOpenAI(
    (body) => {
      const call: LlmCall = {
        system: body.messages.find((m) => m.role === 'system')?.content ?? '',
        user: body.messages.find((m) => m.role === 'user')?.content ?? '',
        retry: body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '',
        model: body.model,
        body: body as unknown as Record<string, unknown>,
      }
      calls.push(call)
      return reply(call, calls.length)
    },
    { apiKey: 'test-key' },
  )
  return {
    calls,
    env: {
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: 'test-key',
      OPENAI_MODEL: 'fake-model',
      OPENAI_TIMEOUT_MS: '20000',
    },
    close: fake.close,
  }
}

/** A well-behaved model: marks translations with the target language, tags every post the same. */
export function translatorReply(call: LlmCall): LlmReply {
  const lang = /to (English|Dutch|German)/.exec(call.system)?.[1] ?? 'English'
  const mark = `[${lang.slice(0, 2).toUpperCase()}]`
  const payload = call.user.slice(call.user.indexOf('\n\n') + 2)
  if (call.user.includes('{"tags"'))
    return { content: JSON.stringify({ tags: ['Automation', 'AI', 'automation'] }) }
  if (call.user.includes('{"translation"'))
    return { content: JSON.stringify({ translation: `${mark} ${payload.replace(/^Title: /, '')}` }) }
  if (call.user.includes('{"title"')) {
    const meta = JSON.parse(payload) as { title: string; excerpt: string }
    return { content: JSON.stringify({ title: `${mark} ${meta.title}`, excerpt: `${mark} ${meta.excerpt}` }) }
  }
  if (call.user.includes('{"html"'))
    return { content: JSON.stringify({ html: payload.replace(/>([^<>]+)</g, `>${mark} $1<`) }) }
  return { content: '{}' }
}
