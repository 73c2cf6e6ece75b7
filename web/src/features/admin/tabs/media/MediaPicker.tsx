// "Choose from library" beside a dialog's image URL or upload: the library's images, searched by
// name, a page at a time; choosing one gives its URL to the field (featured image, project image,
// an image inside a body).
import { useRef, useState } from 'react'
import type { MediaItem } from '@site/contracts'
import { listMedia } from '@/api/media'
import { Button, Dialog, DialogContent } from '@/components'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { SearchField } from '../../components/list/SearchField'
import { texts } from '../../texts'
import { MediaThumb } from './MediaThumb'
import './media.css'
import { FileName } from './FileName'

const PICKER_PAGE = 24

function PickerGrid({ onPick }: { onPick: (item: MediaItem) => void }) {
  const t = texts.media
  const [q, setQ] = useState('')
  const list = useQuery(queryKeys.media.page(1, PICKER_PAGE, q), (signal) =>
    listMedia(1, PICKER_PAGE, q, signal),
  )
  const images = (list.data?.items ?? []).filter((i) => i.kind === 'image')
  return (
    <>
      <SearchField
        id="media-picker-search"
        onSearch={setQ}
        label={t.search}
        placeholder={t.searchPlaceholder}
      />
      {list.isSuccess && images.length === 0 ? <p className="admin-muted">{t.noImages}</p> : null}
      <ul className="admin-media-grid" aria-label={t.grid} data-testid="media-picker-grid">
        {images.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="admin-media-tile"
              aria-label={t.pickThis(item.name)}
              onClick={() => onPick(item)}
            >
              <span className="admin-media-tile__thumb">
                <MediaThumb item={item} />
              </span>
              <FileName name={item.name} />
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * A button that opens the library and answers the chosen image's URL. `name`: its accessible name
 * where a dialog has several (one per body), which a screen reader would otherwise announce alike.
 * `focusAfterPick`: where focus goes once the library closed on a choice (the editor, with the
 * image selected), instead of back to the button.
 */
export function MediaPickerButton({
  onPick,
  disabled,
  label = texts.media.pick,
  name,
  focusAfterPick,
}: {
  onPick: (url: string, item: MediaItem) => void
  disabled?: boolean
  label?: string
  name?: string
  focusAfterPick?: () => void
}) {
  const [open, setOpen] = useState(false)
  const picked = useRef(false)
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          picked.current = false
          setOpen(true)
        }}
        disabled={disabled}
        aria-label={name}
      >
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={texts.media.pickTitle}
          size="lg"
          closeLabel={texts.close}
          onCloseAutoFocus={(e) => {
            if (!picked.current || !focusAfterPick) return
            picked.current = false
            e.preventDefault()
            focusAfterPick()
          }}
        >
          {open ? (
            <PickerGrid
              onPick={(item) => {
                picked.current = true
                setOpen(false)
                onPick(item.url, item)
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  )
}
