// The "Add demo content" choice of a first `npm run dev` on an empty site: asked once (a no is
// remembered in .data/dev), only on a terminal, and only when the admin the seed signs in as is set.
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { root } from './infra.mjs'
import { seedDemo } from './seed/run.mjs'

const POSTS = 200
const asked = join(root, '.data/dev/demo-content-offered')

/**
 * @param {{ origin: string, say: (m: string) => void, env?: NodeJS.ProcessEnv, input?: NodeJS.ReadableStream,
 *   output?: NodeJS.WritableStream, interactive?: boolean, marker?: string, posts?: number }} opts
 *   (input, output, interactive, marker and posts are the terminal's and the defaults but in tests)
 * @returns the seed's counts when demo content was added
 */
export async function offerDemoContent({
  origin,
  say,
  env = process.env,
  input = process.stdin,
  output = process.stdout,
  interactive = Boolean(process.stdin.isTTY),
  marker = asked,
  posts = POSTS,
}) {
  if (!interactive || existsSync(marker)) return
  const list = await fetch(`${origin}/api/blog?published=true&page=1&pageSize=1`)
    .then((r) => r.json())
    .catch(() => null)
  if (!list || list.total > 0) return
  if (!env.ADMIN_USERNAME || !env.ADMIN_PASSWORD) {
    say('the site is empty: set ADMIN_USERNAME and ADMIN_PASSWORD in .env for demo content (npm run seed)')
    return
  }
  // Not in raw mode (terminal: false), so Ctrl-C still stops everything while the question waits.
  const rl = createInterface({ input, output, terminal: false })
  output.write(
    `The site has no posts yet. Add demo content (${posts} posts in nl/en/de, pages, projects with pictures, features, contact requests)? [y/N] `,
  )
  const answer = await rl.question('')
  rl.close()
  if (input === process.stdin) process.stdin.unref()
  writeFileSync(marker, new Date().toISOString())
  if (!/^y(es)?$/i.test(answer.trim())) {
    say('no demo content (npm run seed adds it any time)')
    return undefined
  }
  const started = Date.now()
  const counts = await seedDemo({
    origin,
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
    posts,
    log: say,
  })
  const added = Object.entries(counts).map(([kind, c]) => `${c.added} ${kind}`)
  say(`demo content added in ${((Date.now() - started) / 1000).toFixed(0)} s: ${added.join(', ')}`)
  return counts
}
