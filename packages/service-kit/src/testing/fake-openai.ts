import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What a test's fake model does with one request. */
export interface FakeOpenAIReply {
  /** Never answer (the client's timeout ends the call). */
  hang?: boolean
  /** An error status, answered with an OpenAI-style error body. */
  status?: number
  /** A raw body written as is (e.g. truncated JSON). */
  raw?: string
  /** A whole JSON body instead of a completion (e.g. `{ choices: [] }`). */
  json?: unknown
  /** The assistant message of a normal completion. */
  content?: string
}

export interface FakeOpenAIRequest {
  model: string
  messages: { role: string; content: string }[]
  [key: string]: unknown
}

/**
 * An OpenAI-compatible chat-completions server (POST /v1/chat/completions) for tests: the real
 * protocol over HTTP, with each answer decided by `reply`. With `apiKey`, other keys get 404.
 */
export async function startFakeOpenAI(
  reply: (request: FakeOpenAIRequest, n: number) => FakeOpenAIReply | Promise<FakeOpenAIReply>,
  opts: { apiKey?: string } = {},
) {
  const requests: FakeOpenAIRequest[] = []
  const hanging = new Set<ServerResponse>()
  const send = (res: ServerResponse, status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(body)
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', async () => {
      const authorized = !opts.apiKey || req.headers.authorization === `Bearer ${opts.apiKey}`
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions' || !authorized) {
        return send(res, 404, JSON.stringify({ error: { message: 'no such route' } }))
      }
      const request = JSON.parse(raw || '{}') as FakeOpenAIRequest
      requests.push(request)
      const r = await reply(request, requests.length)
      if (r.hang) return void hanging.add(res)
      if (r.status && r.status !== 200)
        return send(res, r.status, JSON.stringify({ error: { message: 'fake failure' } }))
      if (r.raw !== undefined) return send(res, 200, r.raw)
      if (r.json !== undefined) return send(res, 200, JSON.stringify(r.json))
      send(
        res,
        200,
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: r.content ?? '' } },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
