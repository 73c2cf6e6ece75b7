// MongoDB and Redis from Testcontainers, for `npm test` where a Docker daemon runs (design §7).
// Redis tries its images in order: the official one, then the local one that
// scripts/docker/build-local-images.sh builds for machines without Docker Hub. MongoDB is the
// official image or nothing: where mongo:8 cannot be pulled the suite takes the embedded route's
// FerretDB on PostgreSQL, which seeks as MongoDB does (the local FerretDB image runs the SQLite
// handler, which reads every collection whole: it stands in only for the compose and Kubernetes
// checks, never under the suite's hot-queries tests). Ports are published on 127.0.0.1 only and
// reached there, never through a bridge address.
// Ryuk (Testcontainers' reaper) is an image from Docker Hub, so it is off: the containers are
// stopped and removed here, and a run that died without cleaning up is swept by the next one
// (every container carries the label site.infra.pid with its owner's process id).
import { spawnSync } from 'node:child_process'

const OWNER_LABEL = 'site.infra.pid'

/** Containers of earlier runs whose process is gone (killed before its cleanup ran). */
function sweepLeftovers(log) {
  const r = spawnSync(
    'docker',
    ['ps', '-a', '--filter', `label=${OWNER_LABEL}`, '--format', `{{.ID}} {{.Label "${OWNER_LABEL}"}}`],
    { encoding: 'utf8', timeout: 15000 },
  )
  const dead = (r.stdout ?? '')
    .split('\n')
    .map((l) => l.trim().split(' '))
    .filter(([id, pid]) => id && !alive(Number(pid)))
    .map(([id]) => id)
  if (dead.length === 0) return
  log(`removing ${dead.length} container(s) left by an earlier run that did not clean up`)
  spawnSync('docker', ['rm', '-f', '-v', ...dead], { stdio: 'ignore', timeout: 60000 })
}

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return err.code === 'EPERM'
  }
}

/** Starts the first image of `images` that starts; null (and the reasons logged) when none does. */
async function startFirst({ what, images, port, command, log, stops }) {
  const { GenericContainer, Wait } = await import('testcontainers')
  const reasons = []
  for (const image of images) {
    try {
      const c = new GenericContainer(image)
        .withExposedPorts(port)
        .withLabels({ [OWNER_LABEL]: String(process.pid) })
        .withWaitStrategy(Wait.forListeningPorts())
        .withStartupTimeout(120000)
      if (command?.[image]) c.withCommand(command[image])
      // Testcontainers binds every interface; loopback only, as every port of this project.
      c.hostConfig.PortBindings[`${port}/tcp`] = [{ HostIp: '127.0.0.1', HostPort: '0' }]
      const started = await c.start()
      stops.unshift(async () => {
        await started.stop({ timeout: 10000, removeVolumes: true }).catch(() => undefined)
      })
      return { image, port: started.getMappedPort(port) }
    } catch (err) {
      reasons.push(
        `${image}: ${String(err.message ?? err)
          .split('\n')[0]
          .trim()}`,
      )
    }
  }
  log(`no ${what} container started (${reasons.join('; ')})`)
  return null
}

/**
 * Starts what `want` asks for ({ mongo, redis } booleans). Returns { mongo, redis }, each
 * { url, kind } or null when no image of it would start (the caller falls back to the embedded route).
 */
export async function startContainers({ want, env, log, stops }) {
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'
  process.env.TESTCONTAINERS_HOST_OVERRIDE = '127.0.0.1'
  sweepLeftovers(log)
  const out = { mongo: null, redis: null }
  if (want.mongo) {
    const images = [env.MONGO_IMAGE || 'mongo:8']
    const c = await startFirst({ what: 'MongoDB', images, port: 27017, log, stops })
    if (c) out.mongo = { url: `mongodb://127.0.0.1:${c.port}/`, kind: `Testcontainers ${c.image}` }
  }
  if (want.redis) {
    const images = [env.REDIS_IMAGE || 'redis:7.4-alpine', env.LOCAL_REDIS_IMAGE || 'site-local/redis:7']
    // The official image turns protected mode off itself; Debian's redis-server needs telling.
    const args = [
      'redis-server',
      '--protected-mode',
      'no',
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
    ]
    const command = Object.fromEntries(images.map((i) => [i, args]))
    const c = await startFirst({ what: 'Redis', images, port: 6379, command, log, stops })
    if (c)
      out.redis = { url: `redis://127.0.0.1:${c.port}`, kind: `Testcontainers ${c.image} (AOF, noeviction)` }
  }
  return out
}
