// Measures argon2id hash and verify time on this machine with the auth service's parameters
// (OWASP minimum: 19 MiB, 2 iterations, 1 lane) and one stronger setting, and prints JSON.
// Usage: node bench/auth/argon2.mjs [rounds]   (env ARGON2_MEMORY_KIB / ARGON2_TIME_COST override)
import argon2 from 'argon2'
import os from 'node:os'
import { performance } from 'node:perf_hooks'

const rounds = Number(process.argv[2] ?? 20)
const base = {
  memoryCost: Number(process.env.ARGON2_MEMORY_KIB ?? 19456),
  timeCost: Number(process.env.ARGON2_TIME_COST ?? 2),
  parallelism: 1,
}
const settings = [base, { memoryCost: 65536, timeCost: 3, parallelism: 1 }]

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b)
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))]
  return {
    mean: +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(1),
    p50: +q(0.5).toFixed(1),
    p95: +q(0.95).toFixed(1),
    min: +s[0].toFixed(1),
    max: +s.at(-1).toFixed(1),
  }
}

const results = []
for (const params of settings) {
  const opts = { type: argon2.argon2id, ...params }
  await argon2.hash('warm-up-password', opts)
  const hashMs = []
  const verifyMs = []
  let hash = ''
  for (let i = 0; i < rounds; i++) {
    let t = performance.now()
    hash = await argon2.hash(`correct horse battery ${i}`, opts)
    hashMs.push(performance.now() - t)
    t = performance.now()
    await argon2.verify(hash, `correct horse battery ${i}`)
    verifyMs.push(performance.now() - t)
  }
  results.push({
    algorithm: 'argon2id',
    memoryKiB: params.memoryCost,
    iterations: params.timeCost,
    lanes: params.parallelism,
    sample: hash.replace(/\$[^$]+$/, '$…'),
    hashMs: stats(hashMs),
    verifyMs: stats(verifyMs),
  })
}

process.stdout.write(
  JSON.stringify(
    {
      bench: 'argon2',
      node: process.version,
      argon2: (await import('argon2/package.json', { with: { type: 'json' } })).default.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadavg1m: +os.loadavg()[0].toFixed(2),
      rounds,
      results,
    },
    null,
    2,
  ) + '\n',
)
