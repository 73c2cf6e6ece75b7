import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { createBullBoard } from '@bull-board/api'
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter'
import { FastifyAdapter } from '@bull-board/fastify'
import { QUEUES } from '@site/contracts'
import { errorBody } from '@site/service-kit'
import { createQueue } from '@site/service-kit/queues'
import type { Config } from '../config.js'

/** Where the operators' queue dashboard lives (the gateway forwards this prefix to the blog service). */
export const QUEUE_BOARD_PATH = '/api/admin/queues'

/**
 * Signed-out visitors of the page go to the admin sign-in; its API and assets answer 401 like
 * every admin route. The session is the admin session every service reads (service-kit).
 */
async function guard(request: FastifyRequest, reply: FastifyReply) {
  if (await request.getAdmin()) return
  const path = request.url.split('?')[0]!.slice(QUEUE_BOARD_PATH.length)
  const isPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/static/')
  if (isPage && String(request.headers.accept ?? '').includes('text/html')) return reply.redirect('/admin', 303)
  // Answered here: Bull Board's own error handler would reshape a thrown error.
  return reply.code(401).send(errorBody(401, 'Please sign in as an administrator.'))
}

/**
 * Bull Board (issue 18 item 2): every queue of the site, its jobs, their data, errors and retries,
 * for signed-in admins. It holds its own producer connections, which fail fast while Redis is away.
 */
const queueBoard: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
  const queues = [QUEUES.blogImport, QUEUES.contactNotify].map((name) => createQueue(name, settings))
  app.addHook('onClose', async () => {
    for (const q of queues) await q.close()
  })

  const adapter = new FastifyAdapter()
  adapter.setBasePath(QUEUE_BOARD_PATH)
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q.queue)),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Site queues' } },
  })

  await app.register(async (board) => {
    board.addHook('onRequest', guard)
    // The page links a Google Fonts stylesheet: the site's CSP (style-src 'self') would block it
    // and log a violation, and the site loads nothing from third parties. The UI falls back to
    // system fonts.
    board.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store')
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload
      return payload.replace(/<link[^>]+href="https:\/\/fonts\.googleapis\.com[^>]*>/g, '')
    })
    await board.register(adapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH })
  })
}
export default queueBoard
