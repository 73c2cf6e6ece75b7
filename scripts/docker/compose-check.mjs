// Runs the whole site once with docker compose and checks it end to end through the gateway's
// port on 127.0.0.1: health, the home page, an admin login (after the admin seed), a blog import
// and a contact request whose mail reaches the SMTP catcher. Then `docker compose down -v` and a
// check that no container, network or volume of the run is left.
//   node scripts/docker/compose-check.mjs
// Official images when they can be pulled, otherwise the local ones (build-local-images.sh, run
// here when missing); LOCAL_IMAGES=1 or 0 forces the choice. Prints how long each step took.
// Own compose project name (site-check) and free ports: a developer's `site` stack is not touched.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { freePort, root } from '../lib/infra.mjs'

const project = process.env.COMPOSE_CHECK_PROJECT ?? 'site-check'
const started = Date.now()
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const log = (msg) => console.log(`[compose-check] ${msg}`)

function run(cmd, args, { env = process.env, quiet = false, timeout = 1800000 } = {}) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    env,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    timeout,
  })
  return {
    ok: r.status === 0,
    out: (r.stdout ?? '').trim(),
    err: (r.stderr ?? '').trim() || r.error?.message,
  }
}

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

const local = useLocalImages()
if (local) {
  const t0 = Date.now()
  if (!run('scripts/docker/build-local-images.sh', []).ok) process.exit(1)
  log(`local images ready in ${secs(t0)}`)
}

let gatewayPort = await freePort()
let mailPort = await freePort()
const env = {
  ...process.env,
  COMPOSE_PROJECT_NAME: project,
  COMPOSE_FILE: local ? 'docker-compose.yml:docker-compose.local-images.yml' : 'docker-compose.yml',
  GATEWAY_PORT: String(gatewayPort),
  MAIL_UI_PORT: String(mailPort),
  PUBLIC_ORIGIN: `http://localhost:${gatewayPort}`,
  SESSION_SECRET: randomBytes(48).toString('base64'),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
  TAG: 'check',
}
const compose = (args, opts = {}) => run('docker', ['compose', ...args], { env, ...opts })
let origin = `http://127.0.0.1:${gatewayPort}`
const failures = []
const check = (ok, what) => {
  log(`${ok ? 'ok' : 'FAILED'}: ${what}`)
  if (!ok) failures.push(what)
}

async function poll(read, done, timeoutMs = 120000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await read().catch(() => undefined)
    if (v !== undefined && done(v)) return v
    if (Date.now() > until) return v
    await new Promise((r) => setTimeout(r, 1000))
  }
}

async function drive() {
  let t0 = Date.now()
  if (!compose(['build']).ok) return check(false, 'docker compose build')
  log(`images built in ${secs(t0)}`)
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
  check(false, `unexpected: ${err.stack ?? err}`)
} finally {
  const t0 = Date.now()
  compose(['--profile', 'seed', 'down', '-v', '--remove-orphans', '--timeout', '20'])
  log(`down -v in ${secs(t0)}`)
  const label = `label=com.docker.compose.project=${project}`
  const left = ['container ls -a', 'network ls', 'volume ls'].map((what) => [
    what,
    run('docker', [...what.split(' '), '-q', '--filter', label], { quiet: true }).out,
  ])
  for (const [what, ids] of left)
    check(ids === '', `nothing left after down -v: docker ${what}${ids ? ` → ${ids}` : ''}`)
}
log(`${failures.length ? `${failures.length} FAILED` : 'all checks passed'} in ${secs(started)}`)
process.exit(failures.length ? 1 : 0)
