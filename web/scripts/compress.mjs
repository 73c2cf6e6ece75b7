// After `vite build`: writes .br and .gz next to every text asset of web/dist, which server.mjs
// serves with @fastify/static `preCompressed` to browsers that accept them (the JS of a page is a
// third of its size on the wire; nothing is compressed per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = new URL('../dist/', import.meta.url).pathname
const TEXT = /\.(?:js|css|html|svg|json|txt|map)$/

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (TEXT.test(name) && !name.endsWith('.map')) yield path
  }
}

let count = 0
for (const path of files(dist)) {
  const buf = readFileSync(path)
  if (buf.length < 1024) continue
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    }),
  )
  writeFileSync(`${path}.gz`, gzipSync(buf, { level: 9 }))
  count++
}
process.stdout.write(`compressed ${count} files in web/dist (.br, .gz)\n`)
