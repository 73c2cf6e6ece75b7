// The archive format of `npm run backup`: a gzip stream of BSON documents, one after another (a
// BSON document starts with its own length, so no other framing is needed). The first is the
// header, the last the trailer with the counts; an archive without its trailer is incomplete and
// restore refuses it. BSON keeps every MongoDB type as it was (ObjectId, Date, Binary for GridFS
// chunks, Decimal128), and Redis DUMP payloads travel as Binary.
import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { createGunzip, createGzip } from 'node:zlib'
import { BSON } from 'mongodb'

export const FORMAT = 'site-backup'
export const VERSION = 1

/** Writes records to `file` (gzip level 6). `write` resolves when the stream can take more. */
export function archiveWriter(file) {
  const gzip = createGzip({ level: 6 })
  const out = createWriteStream(file, { mode: 0o600 })
  gzip.pipe(out)
  let bytesIn = 0
  return {
    async write(record) {
      const buf = BSON.serialize(record)
      bytesIn += buf.length
      if (!gzip.write(buf)) await once(gzip, 'drain')
    },
    get bytesIn() {
      return bytesIn
    },
    async close() {
      gzip.end()
      await once(out, 'close')
    },
  }
}

/** Yields the archive's records in order. Throws on a truncated or foreign file. */
export async function* archiveRecords(file) {
  let pending = Buffer.alloc(0)
  let first = true
  let n = 0
  const gunzip = createReadStream(file)
    .on('error', (err) => gunzip.destroy(err))
    .pipe(createGunzip())
  for await (const chunk of corruptionNamed(file, gunzip)) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
    let at = 0
    while (pending.length - at >= 4) {
      const size = pending.readInt32LE(at)
      if (size < 5) throw new Error(`${file}: not a site backup (bad record length ${size})`)
      if (pending.length - at < size) break
      let record
      try {
        record = BSON.deserialize(pending.subarray(at, at + size), { promoteBuffers: false })
      } catch (err) {
        throw new Error(`${file}: corrupted (record ${n + 1} is not readable BSON: ${err.message})`, {
          cause: err,
        })
      }
      at += size
      n++
      if (first && (record.format !== FORMAT || record.version !== VERSION))
        throw new Error(`${file}: not a ${FORMAT} archive of version ${VERSION}`)
      first = false
      yield record
    }
    pending = pending.subarray(at)
  }
  if (pending.length) throw new Error(`${file}: truncated (${pending.length} bytes of a record left)`)
}

/** The gzip stream's chunks; its errors (a bad CRC, a cut stream) say that the file is damaged. */
async function* corruptionNamed(file, gunzip) {
  try {
    yield* gunzip
  } catch (err) {
    if (!String(err.code).startsWith('Z_')) throw err
    throw new Error(`${file}: corrupted or cut (gzip: ${err.message})`, { cause: err })
  }
}
