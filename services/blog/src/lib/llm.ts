import type OpenAI from 'openai'
import type { TSchema, Static } from 'typebox'
import Value from 'typebox/value'

/** The endpoint could not answer now (network, timeout, 429, 5xx): worth retrying later. */
export class LlmUnavailable extends Error {
  override name = 'LlmUnavailable'
}
/** The endpoint refused the request for good (bad key, unknown model): retrying will not help. */
export class LlmRejected extends Error {
  override name = 'LlmRejected'
}
/** The model answered twice with something that is not the requested JSON. */
export class LlmMalformed extends Error {
  override name = 'LlmMalformed'
}

export interface LlmSettings {
  OPENAI_BASE_URL: string
  OPENAI_API_KEY: string
  OPENAI_MODEL: string
  OPENAI_TIMEOUT_MS: number
}

export interface Llm {
  /** Asks for a JSON object matching `schema`; a malformed answer is asked for once more. */
  json<S extends TSchema>(
    system: string,
    user: string,
    schema: S,
    opts?: { timeoutMs?: number },
  ): Promise<Static<S>>
}

type Sdk = typeof OpenAI
let sdk: Promise<Sdk> | undefined
/** The SDK is loaded on the first call: a process that never asks the model does not carry it. */
const loadSdk = () => (sdk ??= import('openai').then((m) => m.default))

/** null when no key is configured: callers take their offline path. */
export function createLlm(s: LlmSettings): Llm | null {
  if (!s.OPENAI_API_KEY) return null
  let client: OpenAI | undefined

  // JSON mode and temperature are dropped for good once the endpoint refuses them (some
  // OpenAI-compatible servers and reasoning models do); the schema check still guards the answer.
  let jsonMode = true
  async function ask(
    messages: OpenAI.Chat.ChatCompletionMessageParam[],
    timeoutMs?: number,
  ): Promise<string> {
    const OpenAISdk = await loadSdk()
    // The SDK's own retries stay short; longer waits are the job queue's backoff.
    client ??= new OpenAISdk({
      baseURL: s.OPENAI_BASE_URL,
      apiKey: s.OPENAI_API_KEY,
      timeout: s.OPENAI_TIMEOUT_MS,
      maxRetries: 1,
    })
    try {
      const res = await client.chat.completions.create(
        {
          model: s.OPENAI_MODEL,
          messages,
          ...(jsonMode ? { temperature: 0.2, response_format: { type: 'json_object' as const } } : {}),
        },
        timeoutMs ? { timeout: timeoutMs } : undefined,
      )
      return res.choices[0]?.message?.content ?? ''
    } catch (err) {
      if (jsonMode && err instanceof OpenAISdk.BadRequestError) {
        jsonMode = false
        return ask(messages, timeoutMs)
      }
      throw classify(err, OpenAISdk)
    }
  }

  return {
    async json(system, user, schema, opts = {}) {
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ]
      const first = await ask(messages, opts.timeoutMs)
      const parsed = parseJson(first, schema)
      if (parsed.ok) return parsed.value
      const second = await ask(
        [
          ...messages,
          { role: 'assistant', content: first },
          {
            role: 'user',
            content: `That answer was not valid: ${parsed.problem}. Answer again with only the JSON object in the requested shape.`,
          },
        ],
        opts.timeoutMs,
      )
      const again = parseJson(second, schema)
      if (again.ok) return again.value
      throw new LlmMalformed(`model answer did not match the schema: ${again.problem}`)
    },
  }
}

function parseJson<S extends TSchema>(
  text: string,
  schema: S,
): { ok: true; value: Static<S> } | { ok: false; problem: string } {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return { ok: false, problem: 'it is not JSON' }
  }
  if (Value.Check(schema, value)) return { ok: true, value: value as Static<S> }
  const first = Value.Errors(schema, value)[0]
  return {
    ok: false,
    problem: `${first?.instancePath || 'the object'} ${first?.message ?? 'does not match'}`,
  }
}

function classify(err: unknown, OpenAISdk: Sdk): Error {
  if (err instanceof OpenAISdk.APIConnectionError)
    return new LlmUnavailable(`LLM endpoint unreachable: ${err.message}`)
  if (err instanceof OpenAISdk.APIError) {
    const status = err.status ?? 0
    if (status === 408 || status === 409 || status === 429 || status >= 500)
      return new LlmUnavailable(`LLM endpoint answered ${status}`)
    return new LlmRejected(`LLM endpoint refused the request (${status}): ${err.message}`)
  }
  return new LlmUnavailable(err instanceof Error ? err.message : String(err))
}
