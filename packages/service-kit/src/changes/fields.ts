/** Fields that change with every save and say nothing about what the admin changed. */
const BOOKKEEPING = new Set(['id', '_id', 'created_at', 'updated_at'])

/** A document as JSON values (dates as ISO strings, ids as strings): what a revision keeps. */
export function toJsonSnapshot(doc: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(doc)) as Record<string, unknown>
}

/** The top-level fields whose values differ between two snapshots, in name order. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names]
    .filter((name) => !BOOKKEEPING.has(name))
    .filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null))
    .sort()
}
