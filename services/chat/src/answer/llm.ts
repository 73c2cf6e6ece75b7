import type OpenAI from 'openai'
import type { PromptMessage } from './prompt.js'

export interface LlmOptions {
  baseURL: string
  apiKey: string
  model: string
  timeoutMs: number
  maxTokens: number
  failuresBeforeCooldown: number
  cooldownMs: number
  now?: () => number
}

/** Why a model answer was not used; the caller answers from retrieval instead. */
export class LlmFailure extends Error {
  override name = 'LlmFailure'
}

/**
 * The language model behind an OpenAI-compatible endpoint: one call with a timeout and one
 * retry. After repeated failures it pauses (cooldown), so visitors do not wait for a model that is down.
 */
export class Llm {
  /** Created on the first question: the SDK is loaded only when the model is asked. */
  private client: OpenAI | undefined
  private failures = 0
  private pausedUntil = 0
  private readonly now: () => number

  constructor(private readonly opts: LlmOptions) {
    this.now = opts.now ?? Date.now
  }

  private async sdkClient(): Promise<OpenAI> {
    if (this.client) return this.client
    const { default: OpenAISdk } = await import('openai')
    this.client ??= new OpenAISdk({
      apiKey: this.opts.apiKey || 'not-needed',
      ...(this.opts.baseURL ? { baseURL: this.opts.baseURL } : {}),
      timeout: this.opts.timeoutMs,
      maxRetries: 0, // retried below, also when the answer is malformed
    })
    return this.client
  }

  get paused(): boolean {
    return this.now() < this.pausedUntil
  }

  async complete(messages: PromptMessage[]): Promise<string> {
    let lastError: unknown
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const text = await this.once(messages)
        this.failures = 0
        return text
      } catch (err) {
        lastError = err
        const status = (err as { status?: number }).status
        if (status === 400 || status === 401 || status === 403 || status === 404) break
      }
    }
    if (++this.failures >= this.opts.failuresBeforeCooldown) {
      this.pausedUntil = this.now() + this.opts.cooldownMs
      this.failures = 0
    }
    throw new LlmFailure(lastError instanceof Error ? lastError.message : String(lastError))
  }

  private async once(messages: PromptMessage[]): Promise<string> {
    const client = await this.sdkClient()
    const completion = await client.chat.completions.create({
      model: this.opts.model,
      messages,
      temperature: 0.3,
      max_tokens: this.opts.maxTokens,
    })
    const text = (completion as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]
      ?.message?.content
    if (typeof text !== 'string' || !text.trim()) throw new LlmFailure('the model answered without text')
    return text.trim()
  }
}
