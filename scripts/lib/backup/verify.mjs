// restore reads the whole archive once before it touches the target (issue 45): the gzip stream to
// its end (the gzip trailer's CRC and length catch a corrupted or cut file), every BSON record's
// framing, the header, the trailer, and each collection's and Redis's counts against the trailer's.
// Only an archive that passes all of them is restored; a refused one leaves the target as it was.
import { archiveRecords } from './archive.mjs'

/**
 * Reads `file` whole and answers its header, trailer and counts, or throws naming what is wrong.
 * Memory stays at one record at a time: the records are counted, not kept.
 */
export async function verifyArchive(file, databases) {
  let header
  let end
  const seen = { keys: 0, docs: 0, mongo: {} }
  for await (const record of archiveRecords(file)) {
    if (!header) {
      header = record
      continue
    }
    if (end) throw new Error(`${file}: records after the trailer`)
    if (record.k === 'end') end = record
    else if (record.k === 'redis') seen.keys++
    else if (record.k === 'database' || record.k === 'collection' || record.k === 'docs') {
      if (!databases[record.service])
        throw new Error(
          `${file} holds the database of "${record.service}", which services.json does not list`,
        )
      const counts = (seen.mongo[record.service] ??= {})
      if (record.k === 'collection') counts[record.name] ??= 0
      if (record.k === 'docs') {
        counts[record.coll] = (counts[record.coll] ?? 0) + record.d.length
        seen.docs += record.d.length
      }
    } else throw new Error(`${file}: a record of unknown kind "${record.k}"`)
  }
  if (!header) throw new Error(`${file} is empty`)
  if (!end) throw new Error(`${file} ends before its trailer: the backup did not finish`)
  if (end.redis?.keys !== seen.keys)
    throw new Error(`${file}: ${seen.keys} Redis keys, but its trailer counts ${end.redis?.keys}`)
  for (const [service, colls] of Object.entries(end.mongo ?? {})) {
    for (const [coll, n] of Object.entries(colls)) {
      const got = seen.mongo[service]?.[coll] ?? 0
      if (got !== n)
        throw new Error(`${file}: ${got} documents in ${service}.${coll}, but its trailer counts ${n}`)
    }
  }
  for (const [service, colls] of Object.entries(seen.mongo))
    for (const [coll, n] of Object.entries(colls))
      if (n && end.mongo?.[service]?.[coll] === undefined)
        throw new Error(`${file}: documents of ${service}.${coll}, which its trailer does not count`)
  return { header, end, counts: { docs: seen.docs, keys: seen.keys } }
}
