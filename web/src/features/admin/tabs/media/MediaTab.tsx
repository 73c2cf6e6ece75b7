// Media tab: upload by drag-and-drop or file picker (with progress), the library as a grid of
// thumbnails, a page at a time, searched by file name; an item opens its details (alt texts,
// where it is used, copy URL, delete).
import { useState } from 'react'
import type { MediaItem } from '@site/contracts'
import { listMedia } from '@/api/media'
import { queryKeys } from '@/lib/queryKeys'
import { invalidateQueries } from '@/lib/query'
import { ADMIN_PAGE_SIZE, usePagedList } from '../../hooks/usePagedList'
import { ListState } from '../../components/list/ListState'
import { Pager } from '../../components/list/Pager'
import { SearchField } from '../../components/list/SearchField'
import { Section } from '../../components/list/Section'
import { texts } from '../../texts'
import { MediaDropzone } from './MediaDropzone'
import { MediaDetailDialog } from './MediaDetailDialog'
import { MediaThumb } from './MediaThumb'
import './media.css'
import { FileName } from './FileName'

export function MediaTab() {
  const t = texts.media
  const list = usePagedList(
    (page, q) => queryKeys.media.page(page, ADMIN_PAGE_SIZE, q),
    (page, q, signal) => listMedia(page, ADMIN_PAGE_SIZE, q, signal),
  )
  const [open, setOpen] = useState<MediaItem | null>(null)
  return (
    <Section title={t.heading} id="admin-media">
      <MediaDropzone />
      <SearchField
        id="media-search"
        onSearch={list.search}
        label={t.search}
        placeholder={t.searchPlaceholder}
      />
      <ListState query={list.query} empty={t.empty}>
        {(items) => (
          <ul className="admin-media-grid" aria-label={t.grid} data-testid="media-grid">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="admin-media-tile"
                  aria-label={t.open(item.name)}
                  // Read afresh: the item may have come into use (or out of it) since it was last opened.
                  onClick={() =>
                    void invalidateQueries(queryKeys.media.one(item.id)).then(() => setOpen(item))
                  }
                >
                  <span className="admin-media-tile__thumb">
                    <MediaThumb item={item} />
                  </span>
                  <FileName name={item.name} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <Pager
        label={t.heading}
        page={list.page}
        pageSize={ADMIN_PAGE_SIZE}
        total={list.query.data?.total ?? 0}
        busy={list.query.isFetching}
        onPage={list.setPage}
      />
      <MediaDetailDialog item={open} onClose={() => setOpen(null)} />
    </Section>
  )
}
