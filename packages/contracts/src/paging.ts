import { Type, type Static, type TSchema } from 'typebox'
import { PAGE_MAX } from './rules.js'

/**
 * Paged lists: every list answers one page of summaries, never the whole collection.
 * `page` is 1-based; `total` counts every matching item so a client can render page links.
 */
export const PAGE_SIZE_DEFAULT = 12
export const PAGE_SIZE_MAX = 50
export { PAGE_MAX }

/** Query string shared by every paged list; `q` is a case-insensitive title search (admin lists). */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
})
export type PageQuery = Static<typeof PageQuery>

/** `{ items, page, pageSize, total }`: one page of a list. */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
  })
export interface PagedList<T> {
  items: T[]
  page: number
  pageSize: number
  total: number
}
