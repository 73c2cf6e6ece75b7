// A library item's thumbnail: an image's smallest variant (or the original until it is made), an icon for PDF/video.
import { FileText, Film } from 'lucide-react'
import type { MediaItem } from '@site/contracts'
import { variantUrl } from '@site/contracts/rules'

export function MediaThumb({ item }: { item: MediaItem }) {
  if (item.kind === 'pdf') return <FileText size={32} aria-hidden />
  if (item.kind === 'video') return <Film size={32} aria-hidden />
  const src = item.variant_widths.length
    ? variantUrl(item.url.replace(/\.[a-z0-9]+$/, ''), item.variant_widths[0]!, 'webp')
    : item.url
  return <img src={src} alt="" loading="lazy" decoding="async" />
}
