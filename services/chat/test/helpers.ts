import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { startFakeOpenAI } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { SITE } from './fixtures/site.js'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>

export async function listen(handler: Handler) {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => void handler(req, body, res))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** One page of a list as the services answer it (packages/contracts/src/paging.ts), or a 400 like theirs. */
function paged(res: ServerResponse, url: URL, all: Record<string, unknown>[], summary = false) {
  const page = Number(url.searchParams.get('page') ?? 1)
  const pageSize = Number(url.searchParams.get('pageSize') ?? 12)
  if (!(page >= 1) || !(pageSize >= 1 && pageSize <= 50))
    return json(res, 400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'querystring/pageSize must be <= 50',
    })
  const items = all.slice((page - 1) * pageSize, page * pageSize).map((r) => {
    if (!summary) return r
    const { content_nl: _nl, content_en: _en, content_de: _de, ...rest } = r
    return rest
  })
  json(res, 200, { items, page, pageSize, total: all.length })
}

/** The content and blog services' public reads (docs/api.md shapes: paged summaries, details by slug, the blog's changes), from a mutable data set. */
export async function fakeSite(data: typeof SITE = structuredClone(SITE)) {
  const requests: string[] = []
  const srv = await listen((req, _body, res) => {
    requests.push(req.url ?? '')
    const url = new URL(req.url ?? '/', 'http://x')
    const newest = <T extends { created_at: string }>(rows: T[]) =>
      [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at))
    const pages = newest(data.pages.filter((p) => p.published))
    const posts = newest(data.posts.filter((p) => p.published))
    const slug = /^\/api\/(?:pages|blog)\/slug\/([^/]+)$/.exec(url.pathname)?.[1]
    if (url.pathname === '/api/content') return json(res, 200, data.content)
    if (url.pathname === '/api/features') return json(res, 200, data.features)
    if (url.pathname === '/api/projects') return paged(res, url, newest(data.projects))
    if (url.pathname === '/api/pages') return paged(res, url, pages, true)
    if (url.pathname === '/api/blog') return paged(res, url, posts, true)
    if (url.pathname === '/api/blog/changes' && url.searchParams.has('ids')) {
      const ids = new Set(url.searchParams.get('ids')!.split(','))
      const items = posts.filter((p) => ids.has(p.id))
      return json(res, 200, { items, page: 1, pageSize: 50, total: items.length })
    }
    if (url.pathname === '/api/blog/changes') {
      // Full posts changed at or after `since`, oldest change first (the blog's read for indexers).
      const since = url.searchParams.get('since') ?? ''
      const changed = posts
        .filter((p) => (p.updated_at ?? p.created_at) >= since)
        .sort((a, b) => (a.updated_at ?? a.created_at).localeCompare(b.updated_at ?? b.created_at))
      if (!url.searchParams.has('pageSize')) url.searchParams.set('pageSize', '50')
      return paged(res, url, changed)
    }
    const found =
      slug &&
      (url.pathname.startsWith('/api/pages/') ? pages : posts).find(
        (r) => r.slug === decodeURIComponent(slug),
      )
    if (found) return json(res, 200, found)
    json(res, 404, { statusCode: 404, error: 'Not Found', message: 'not found' })
  })
  return { ...srv, data, requests }
}

export interface LlmCall {
  messages: { role: string; content: string }[]
  model: string
}

/** The kit's fake OpenAI server, whose behaviour the test sets per call through `state`. */
export async function fakeLlm() {
  const calls: LlmCall[] = []
  const state = { behaviour: 'ok' as 'ok' | 'slow' | 'error' | 'malformed' | 'empty', answer: 'Fake answer' }
  const fake = await startFakeOpenAI((body) => {
    calls.push(body as LlmCall)
    switch (state.behaviour) {
      case 'slow':
        return { hang: true } // the client's timeout ends it
      case 'error':
        return { status: 500 }
      case 'malformed':
        return { raw: '{"choices": [ {"mess' }
      case 'empty':
        return { json: { id: 'x', object: 'chat.completion', choices: [] } }
      default:
        return { content: state.answer }
    }
  })
  return { url: fake.url, close: fake.close, calls, state, baseURL: fake.baseURL }
}

export const newSessionId = () => `session_${Date.now()}_${randomBytes(5).toString('hex').slice(0, 9)}`

/** The chat service for the kit's testApp, against a fake site, ready to answer (Redis and Mongo connect in the background). */
export const chat = (siteUrl: string, env: Record<string, string> = {}) => ({
  name: 'chat',
  config: readConfig,
  build: buildApp,
  waitReady: true,
  env: { CONTENT_URL: siteUrl, BLOG_URL: siteUrl, CHAT_MODE: 'auto', ...env },
})

export type ChatApp = Awaited<ReturnType<typeof buildApp>>

export async function ask(
  app: ChatApp,
  message: string,
  opts: { language?: string; sessionId?: string; ip?: string; page?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
    payload: {
      message,
      sessionId: opts.sessionId ?? newSessionId(),
      language: opts.language ?? 'nl',
      ...(opts.page ? { page: opts.page } : {}),
    },
  })
  return {
    status: res.statusCode,
    body: res.json() as {
      response: string
      sources: { title: string; url: string }[]
      mode: string
      messageId: string
      message?: string
      code?: string
    },
    headers: res.headers,
  }
}
