import { Redis } from 'ioredis'
import { purgeChannel, type PurgeMessage } from '@site/contracts'

/**
 * Listens to one deployment's purge channel as a gateway does: `next()` waits for the next
 * announcement (or fails after `ms`), `all` holds every one heard.
 */
export async function listenForPurges(redisUrl: string, prefix: string) {
  const sub = new Redis(redisUrl)
  const all: PurgeMessage[] = []
  const waiting: ((m: PurgeMessage) => void)[] = []
  sub.on('message', (_channel: string, raw: string) => {
    const message = JSON.parse(raw) as PurgeMessage
    all.push(message)
    waiting.shift()?.(message)
  })
  await sub.subscribe(purgeChannel(prefix))
  let seen = 0
  return {
    all,
    /** The next announcement not yet taken by `next`. */
    async next(ms = 5000): Promise<PurgeMessage> {
      const ready = all[seen]
      if (ready) return (seen++, ready)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no purge announced within ${ms} ms`)), ms)
        waiting.push((m) => {
          clearTimeout(timer)
          seen++
          resolve(m)
        })
      })
    },
    close: () => sub.disconnect(),
  }
}
