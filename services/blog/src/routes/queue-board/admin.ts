import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { createBullBoard } from '@bull-board/api'
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter'
import { FastifyAdapter } from '@bull-board/fastify'
import { QUEUES } from '@site/contracts'
import { adminOnly } from '@site/service-kit'
import { createQueue } from '@site/service-kit/queues'
import type { Config } from '../../config.js'

/** Where the operators' queue dashboard lives (the gateway forwards this prefix to the blog service). */
export const QUEUE_BOARD_PATH = '/api/admin/queues'

/**
 * Bull Board: every queue of the site, its jobs, their data, errors and retries,
 * for signed-in admins. It holds its own producer connections, which fail fast while Redis is away.
 */
const queueBoardAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
  // Every queue the contracts name, so a new one cannot be left off the board (the schedule queues were).
  const queues = Object.values(QUEUES).map((name) => createQueue(name, settings))
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
    // The kit's admin boundary; a signed-out browser opening the page is sent to the sign-in.
    adminOnly(board, { signInPage: '/admin', capability: 'queue', audit: 'queue' })
    // The page links a Google Fonts stylesheet: the site's CSP (style-src 'self') would block it
    // and log a violation, and the site loads nothing from third parties. The UI falls back to
    // system fonts.
    board.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store')
      if (
        typeof payload !== 'string' ||
        !String(reply.getHeader('content-type') ?? '').startsWith('text/html')
      )
        return payload
      return payload.replace(/<link[^>]+href="https:\/\/fonts\.googleapis\.com[^>]*>/g, '')
    })
    await board.register(adapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH })
  })
}
export default queueBoardAdmin
