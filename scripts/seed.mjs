// `npm run seed -- --posts 200`: demo content for a running site (npm start or npm run dev), through
// its APIs as the admin that npm start creates (ADMIN_USERNAME / ADMIN_PASSWORD, from .env or the
// environment). A second run adds nothing twice; a larger --posts adds the posts still missing.
// Options: --posts N (default 40, at most 5000), --url http://host:port (default http://localhost:PORT).
import { parseArgs } from 'node:util'
import { SeedError } from './lib/seed/client.mjs'
import { seedDemo } from './lib/seed/run.mjs'
import { loadDotEnv } from './lib/infra.mjs'

loadDotEnv()
const say = (m) => process.stdout.write(`[seed] ${m}\n`)
let args
try {
  args = parseArgs({
    options: { posts: { type: 'string', default: '40' }, url: { type: 'string' } },
  }).values
} catch (err) {
  say(err.message)
  process.exit(2)
}
const posts = Number(args.posts)
if (!Number.isInteger(posts) || posts < 0 || posts > 5000) {
  say(`--posts must be a whole number from 0 to 5000 (got "${args.posts}")`)
  process.exit(2)
}
const origin = (args.url ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '')
const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = process.env
if (!username || !password) {
  say(
    'set ADMIN_USERNAME and ADMIN_PASSWORD (in .env or the environment) as for npm start, which creates that admin',
  )
  process.exit(2)
}

const started = Date.now()
try {
  const counts = await seedDemo({ origin, username, password, posts, log: say })
  for (const [kind, { added, present }] of Object.entries(counts))
    say(`${kind}: ${added} added, ${present} there already`)
  say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${origin}`)
} catch (err) {
  if (err instanceof SeedError) say(err.message)
  else if (err?.cause?.code === 'ECONNREFUSED')
    say(`nothing answers at ${origin}: start the site first (npm start or npm run dev)`)
  else throw err
  process.exit(1)
}
