// @tier unit
// docker-compose.local-images.yml must give every service that docker-compose.yml builds the local
// Node image: one left out is built FROM node:24-slim, which a machine without Docker Hub cannot
// pull (the content-worker, added after the file, failed CI's compose check that way).
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { root } from '../lib/infra.mjs'

const read = (file) => parse(readFileSync(join(root, file), 'utf8'))
const main = read('docker-compose.yml').services
const local = read('docker-compose.local-images.yml').services

t.test('every built service gets the local Node image', async (t) => {
  const built = Object.keys(main).filter((name) => main[name].build)
  t.ok(built.length >= 10, 'the stack builds its services')
  for (const name of built)
    t.equal(local[name]?.build?.args?.NODE_IMAGE, 'site-local/node:24', `${name} builds on the local image`)
})
