/**
 * A map bounded by everything it holds: each entry costs its key, its value and a fixed overhead,
 * and both the total of those costs and the number of entries have a ceiling. Least recently used
 * out first (a Map keeps insertion order; a read moves the entry to the end).
 *
 * Counting only the values is not enough: a cache keyed by request URLs was once bounded at 8 MB
 * of values while 20,000 keys of 12 KB each took the gateway past its memory limit (issue 29).
 */

/**
 * What one entry costs besides its key characters and its value bytes, measured on Node 24 with a
 * Buffer value (allocUnsafeSlow) and a 38-character key: about 480 bytes of V8 heap (the Map slot,
 * the key string's header, the Buffer and its ArrayBuffer objects) and 270 of malloc bookkeeping for
 * the backing store, in RSS per entry over 200,000 entries.
 */
export const ENTRY_OVERHEAD_BYTES = 768

export interface LruBounds {
  /** Ceiling on the sum of every entry's cost (key + value + overhead). */
  maxBytes: number
  /** Ceiling on the number of entries. */
  maxEntries: number
  /** An entry costing more than this alone is not kept. */
  maxEntryBytes: number
}

/** A key's cost: V8 may hold a string at two bytes a character, so count that. */
const keyBytes = (key: string) => key.length * 2

export class BoundedLru<V> {
  private readonly map = new Map<string, { value: V; cost: number }>()
  private used = 0

  constructor(
    readonly bounds: LruBounds,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** Entries held and the bytes they are counted at. */
  get size() {
    return { entries: this.map.size, bytes: this.used }
  }

  get(key: string): V | undefined {
    const entry = this.map.get(key)
    if (!entry) return undefined
    this.map.delete(key)
    this.map.set(key, entry)
    return entry.value
  }

  /** Keeps `value` under `key`, pushing out the least recently used; false when it is too big to keep. */
  set(key: string, value: V): boolean {
    const cost = keyBytes(key) + this.sizeOf(value) + ENTRY_OVERHEAD_BYTES
    this.delete(key)
    if (cost > this.bounds.maxEntryBytes || cost > this.bounds.maxBytes) return false
    this.map.set(key, { value, cost })
    this.used += cost
    for (const [oldest, entry] of this.map) {
      if (this.used <= this.bounds.maxBytes && this.map.size <= this.bounds.maxEntries) break
      this.map.delete(oldest)
      this.used -= entry.cost
    }
    return true
  }

  /** Every entry, least recently used first (reading does not move them). */
  *entries(): Generator<[string, V]> {
    for (const [key, entry] of this.map) yield [key, entry.value]
  }

  delete(key: string): void {
    const entry = this.map.get(key)
    if (!entry) return
    this.map.delete(key)
    this.used -= entry.cost
  }

  clear(): void {
    this.map.clear()
    this.used = 0
  }
}
