// Runs the whole site once with docker compose and checks it end to end through the gateway's
// port on 127.0.0.1: health, the home page, an admin login (after the admin seed), a blog import
// and a contact request whose mail reaches the SMTP catcher. Then `docker compose down -v` and a
// check that no container, network or volume of the run is left.
//   node scripts/docker/compose-check.mjs
//   COMPOSE_CHECK_BUDGET_S=1140 node scripts/docker/compose-check.mjs     (CI)
// Official images when they can be pulled, otherwise the local ones (build-local-images.sh, run
// here when missing); LOCAL_IMAGES=1 or 0 forces the choice. Prints how long each step took and
// which images a first build still has to make.
// Own compose project name (site-check) and free ports: a developer's `site` stack is not touched.
// With a budget (seconds) every step runs under `timeout` within it, 60 s kept for the clean-up;
// a step that runs out stops the check, which cleans up and exits 3 ("out of time", not a
// failure: a first image build on a slow machine). Exit 1: a check failed. SIGINT/SIGTERM: the
// running step ends, then the clean-up.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { freePort, root } from '../lib/infra.mjs'
import { fetchProof } from '../lib/altcha.mjs'

const project = process.env.COMPOSE_CHECK_PROJECT ?? 'site-check'
const started = Date.now()
const budget = Number(process.env.COMPOSE_CHECK_BUDGET_S ?? 0)
const deadline = budget > 0 ? started + (budget - 60) * 1000 : 0
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const log = (msg) => console.log(`[compose-check] ${msg}`)

class Stop extends Error {}
let stopping = '' // why the check stops early: out of its budget, or a signal
let cleaningUp = false
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping ||= `stopped by ${signal}`
  })

function run(
  cmd,
  args,
  { env = process.env, quiet = false, timeout = 1800000, step = `${cmd} ${args[0]}` } = {},
) {
  if (stopping && !cleaningUp) throw new Stop(stopping)
  let argv = [cmd, ...args]
  if (deadline && !cleaningUp) {
    const left = Math.floor((deadline - Date.now()) / 1000)
    if (left <= 0) throw new Stop((stopping = `out of its ${budget} s budget before ${step}`))
    // timeout(1) signals the step's whole process group (a build script's own children too).
    argv = ['timeout', '--kill-after=30', String(Math.min(left, timeout / 1000)), ...argv]
  }
  const r = spawnSync(argv[0], argv.slice(1), {
    cwd: root,
    env,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    timeout: deadline ? undefined : timeout,
  })
  if (deadline && !cleaningUp && (r.status === 124 || r.status === 137) && Date.now() >= deadline - 1000)
    stopping ||= `out of its ${budget} s budget during ${step}`
  if (stopping && !cleaningUp) throw new Stop(stopping)
  return {
    ok: r.status === 0,
    out: (r.stdout ?? '').trim(),
    err: (r.stderr ?? '').trim() || r.error?.message,
  }
}

const imageExists = (image) => run('docker', ['image', 'inspect', image], { quiet: true }).ok

function useLocalImages() {
  if (process.env.LOCAL_IMAGES) return process.env.LOCAL_IMAGES === '1'
  for (const image of ['mongo:8.0', 'redis:7.4-alpine', 'axllent/mailpit:v1.26', 'node:24-slim']) {
    const pulled = run('docker', ['pull', '-q', image], { quiet: true, timeout: 300000 })
    if (!pulled.ok) {
      log(`${image} cannot be pulled (${pulled.err.split('\n').pop()}): using the local images`)
      return true
    }
  }
  return false
}

const APP_IMAGES = ['auth', 'content', 'blog', 'chat', 'contact', 'web', 'gateway'].map(
  (n) => `site/${n}:check`,
)
const LOCAL_BASES = ['debian:bookworm', 'node:24', 'redis:7', 'ferretdb:1.24', 'mail-catcher:1'].map(
  (n) => `site-local/${n}`,
)

let gatewayPort = await freePort()
let mailPort = await freePort()
let local = false
const env = {
  ...process.env,
  COMPOSE_PROJECT_NAME: project,
  COMPOSE_FILE: 'docker-compose.yml',
  GATEWAY_PORT: String(gatewayPort),
  MAIL_UI_PORT: String(mailPort),
  PUBLIC_ORIGIN: `http://localhost:${gatewayPort}`,
  SESSION_SECRET: randomBytes(48).toString('base64'),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
  TAG: 'check',
}
const compose = (args, opts = {}) =>
  run('docker', ['compose', ...args], { env, step: `docker compose ${args[0]}`, ...opts })
let origin = `http://127.0.0.1:${gatewayPort}`
const failures = []
const check = (ok, what) => {
  log(`${ok ? 'ok' : 'FAILED'}: ${what}`)
  if (!ok) failures.push(what)
}

/** Local base images when the official ones cannot be pulled; says what a first build still has to make. */
function prepareImages() {
  local = useLocalImages()
  if (local) env.COMPOSE_FILE = 'docker-compose.yml:docker-compose.local-images.yml'
  const missing = [...(local ? LOCAL_BASES : []), ...APP_IMAGES].filter((i) => !imageExists(i))
  log(
    missing.length
      ? `not built here yet (a first build takes long): ${missing.join(', ')}`
      : 'every image exists already (builds come from the cache)',
  )
  if (local) {
    const t0 = Date.now()
    if (!run('scripts/docker/build-local-images.sh', []).ok) return false
    log(`local images ready in ${secs(t0)}`)
  }
  return true
}

async function poll(read, done, timeoutMs = 120000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await read().catch(() => undefined)
    if (v !== undefined && done(v)) return v
    if (stopping) throw new Stop(stopping)
    if (Date.now() > until) return v
    await new Promise((r) => setTimeout(r, 1000))
  }
}

async function drive() {
  if (!prepareImages()) return check(false, 'scripts/docker/build-local-images.sh')
  let t0 = Date.now()
  if (!compose(['build']).ok) return check(false, 'docker compose build')
  log(`images built in ${secs(t0)}`)
  const listing = [
    'image',
    'ls',
    '--format',
    '{{.Repository}} {{.Size}}',
    '--filter',
    'reference=site/*:check',
  ]
  const sizes = run('docker', listing, { quiet: true }).out
  log(`image sizes: ${sizes.split('\n').join(', ')}`)
  // Free ports taken now, not before a build of minutes in which another program may take them.
  gatewayPort = await freePort()
  mailPort = await freePort()
  Object.assign(env, {
    GATEWAY_PORT: String(gatewayPort),
    MAIL_UI_PORT: String(mailPort),
    PUBLIC_ORIGIN: `http://localhost:${gatewayPort}`,
  })
  origin = `http://127.0.0.1:${gatewayPort}`
  t0 = Date.now()
  if (!compose(['up', '-d', '--wait', '--wait-timeout', '300']).ok) {
    compose(['ps', '-a'])
    compose(['logs', '--tail', '30'])
    return check(false, 'docker compose up --wait (every service healthy)')
  }
  log(`up and healthy in ${secs(t0)}`)

  // One JSON object per line (compose v2.2x); Publishers lists each published port and its address.
  const listed = compose(['ps', '--format', 'json'], { quiet: true }).out
  const published = listed
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => JSON.parse(line).Publishers ?? [])
    .filter((p) => p.PublishedPort > 0)
  check(
    published.length > 0 && published.every((p) => p.URL === '127.0.0.1'),
    `only 127.0.0.1 published (${published.map((p) => `${p.URL}:${p.PublishedPort}`).join(', ')})`,
  )

  const seeded = compose(['--profile', 'seed', 'run', '--rm', 'admin-seed'])
  check(seeded.ok, 'admin seed (docker compose run --rm admin-seed)')

  // Healthy containers, but the gateway's own view of its upstreams may lag a few seconds behind.
  const health = await poll(
    () => fetch(`${origin}/api/health`).then(async (r) => ({ status: r.status, body: await r.json() })),
    (h) => h.status === 200,
    60000,
  )
  check(health?.status === 200, `GET /api/health → ${health?.status} ${JSON.stringify(health?.body)}`)

  const home = await fetch(`${origin}/`)
  const html = await home.text()
  check(
    home.ok && /<html/i.test(html) && html.includes('<div id="root"><'),
    `GET / → ${home.status}, server-rendered HTML (${html.length} bytes)`,
  )

  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: env.PUBLIC_ORIGIN,
    },
    body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
  check(login.ok && cookie, `POST /api/auth/login → ${login.status}`)
  const admin = { cookie, 'x-requested-with': 'XMLHttpRequest', origin: env.PUBLIC_ORIGIN }

  const form = new FormData()
  const title = `Compose check ${Date.now()}`
  form.append(
    'file',
    new Blob(
      [`${title}\n\nThis post was imported by the compose check, through the gateway and the blog worker.`],
      { type: 'text/plain' },
    ),
    'post.txt',
  )
  const upload = await fetch(`${origin}/api/blog/upload`, { method: 'POST', headers: admin, body: form })
  let imported = await upload.json().catch(() => ({}))
  if (upload.status === 202) {
    const job = await poll(
      () => fetch(`${origin}${imported.statusUrl}`, { headers: admin }).then((r) => r.json()),
      (j) => j.state === 'completed' || j.state === 'failed',
    )
    imported = job?.result ?? {}
  }
  check(
    [200, 202].includes(upload.status) && imported.blogPost?.title_en === title,
    `blog import through the worker → ${upload.status}, post "${imported.blogPost?.title_en}"`,
  )

  const mark = `compose-check-${randomBytes(4).toString('hex')}`
  const contact = await fetch(`${origin}/api/contacts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: env.PUBLIC_ORIGIN,
    },
    body: JSON.stringify({
      name: 'Compose Check',
      email: `${mark}@example.com`,
      message: `Hello from ${mark}.`,
      language: 'en',
      altcha: await fetchProof(origin),
    }),
  })
  check(contact.status === 201 || contact.status === 200, `POST /api/contacts → ${contact.status}`)
  const mails = await poll(
    () => fetch(`http://127.0.0.1:${mailPort}/api/v1/messages`).then((r) => r.json()),
    (m) => m.messages?.length > 0,
    60000,
  )
  check(
    mails?.messages?.length > 0,
    `the contact mail reached the SMTP catcher (${mails?.messages?.map((m) => m.Subject).join(' | ')})`,
  )
}

try {
  await drive()
} catch (err) {
  if (!(err instanceof Stop)) check(false, `unexpected: ${err.stack ?? err}`)
} finally {
  cleaningUp = true
  const t0 = Date.now()
  compose(['--profile', 'seed', 'down', '-v', '--remove-orphans', '--timeout', '20'], { timeout: 120000 })
  log(`down -v in ${secs(t0)}`)
  const label = `label=com.docker.compose.project=${project}`
  const left = ['container ls -a', 'network ls', 'volume ls'].map((what) => [
    what,
    run('docker', [...what.split(' '), '-q', '--filter', label], { quiet: true }).out,
  ])
  for (const [what, ids] of left)
    check(ids === '', `nothing left after down -v: docker ${what}${ids ? ` → ${ids}` : ''}`)
}
if (stopping && failures.length === 0) {
  log(`stopped early, ${stopping}, after ${secs(started)}; nothing failed (exit 3)`)
  process.exit(3)
}
log(`${failures.length ? `${failures.length} FAILED` : 'all checks passed'} in ${secs(started)}`)
process.exit(failures.length ? 1 : 0)
