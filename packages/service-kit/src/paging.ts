// Types only: the kit's barrel is loaded by processes without a database (the gateway), which
// should not carry the driver; the mongoose in use is reached through the model.
import type { Model } from 'mongoose'
import { PAGE_SIZE_DEFAULT, type PagedList } from '@site/contracts'

/** `s` as a literal inside a regular expression (user input never becomes a pattern). */
export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The filter of a case-insensitive title search over `fields` of `model`; `{}` when `q` is empty.
 * The regex is marked trusted (sanitizeFilter would strip its `$` operators), literal text only.
 */
export function titleSearch(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  q: string | undefined,
  fields: string[],
): Record<string, unknown> {
  const text = q?.trim()
  if (!text) return {}
  const match = model.base.trusted({ $regex: escapeRegex(text), $options: 'i' })
  return { $or: fields.map((f) => ({ [f]: match })) }
}

export interface PageRequest {
  page?: number
  pageSize?: number
}

/**
 * One page of `model`: `sort`, skip/limit, an optional projection (lists leave out the
 * large fields) and the count of every match, so a client can show "page X of Y".
 */
export async function findPage<T>(
  // Any schema: the documents go through `map`, which knows their shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  filter: Record<string, unknown>,
  request: PageRequest,
  options: { sort: Record<string, 1 | -1>; projection?: Record<string, 0 | 1>; map: (doc: never) => T },
): Promise<PagedList<T>> {
  const page = request.page ?? 1
  const pageSize = request.pageSize ?? PAGE_SIZE_DEFAULT
  const [docs, total] = await Promise.all([
    model
      .find(filter, options.projection ?? null)
      .sort(options.sort)
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean(),
    model.countDocuments(filter),
  ])
  return { items: (docs as never[]).map(options.map), page, pageSize, total }
}
