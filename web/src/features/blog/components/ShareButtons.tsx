// Share buttons of a post (the spec leaves their behaviour open): copy link, the system share sheet
// where the browser has one, and links that open LinkedIn, X, Facebook, WhatsApp and e-mail with
// the post's URL and title.
import { Link2, Mail, Share2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, Tooltip, TooltipProvider, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/components'
import { useLocation } from 'react-router-dom'
import { useT } from '@/i18n'
import { getSiteOrigin } from '@/lib/siteOrigin'
import { toast } from '@/stores/toast'

type Network = { name: string; href: (url: string, title: string) => string }

export const NETWORKS: Network[] = [
  {
    name: 'LinkedIn',
    href: (u) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(u)}`,
  },
  {
    name: 'X',
    href: (u, t) =>
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(u)}&text=${encodeURIComponent(t)}`,
  },
  {
    name: 'Facebook',
    href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(u)}`,
  },
  { name: 'WhatsApp', href: (u, t) => `https://wa.me/?text=${encodeURIComponent(`${t} ${u}`)}` },
]

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Older browsers / no permission: a hidden textarea and execCommand.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    return ok
  }
}

export function ShareButtons({ title }: { title: string }) {
  const b = useT().blog
  // The post's URL at the site's origin from the first render (server-rendered links work before any
  // script); then the address the browser actually shows.
  const { pathname } = useLocation()
  const [url, setUrl] = useState(() => (getSiteOrigin() ? `${getSiteOrigin()}${pathname}` : ''))
  // Read after hydration: the server knows neither the browser's URL nor its share sheet, and the
  // first render must match the server's HTML.
  const [canShare, setCanShare] = useState(false)
  useEffect(() => {
    setUrl(window.location.href.split('#')[0] ?? '')
    setCanShare(typeof navigator.share === 'function')
  }, [])

  return (
    // The tooltip provider lives in this (lazy) chunk, not in AppProviders: Radix Tooltip and its
    // positioning code stay out of the JS every page loads first.
    <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <div className="blog-share" role="group" aria-label={b.share} data-testid="share-buttons">
        <span className="blog-share__label" aria-hidden="true">
          <Share2 size={16} /> {b.share}
        </span>
        <Tooltip content={b.copyLink}>
          <Button
            variant="outline"
            size="icon"
            aria-label={b.copyLink}
            data-testid="share-copy"
            onClick={async () => {
              const ok = await copyText(url)
              toast(
                ok
                  ? { title: b.linkCopied, description: b.linkCopiedText }
                  : { title: b.copyFailed, description: url, variant: 'destructive' },
              )
            }}
          >
            <Link2 size={16} aria-hidden />
          </Button>
        </Tooltip>
        {canShare ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
          >
            {b.shareNative}
          </Button>
        ) : null}
        {NETWORKS.map((n) => (
          <a
            key={n.name}
            className="btn btn--outline btn--sm blog-share__network"
            href={n.href(url, title)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`share-${n.name.toLowerCase()}`}
          >
            <span className="sr-only">{b.sharePrefix}</span>
            {n.name}
          </a>
        ))}
        <a
          className="btn btn--outline btn--sm blog-share__network"
          href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n\n${url}`)}`}
          data-testid="share-email"
        >
          <Mail size={14} aria-hidden />
          <span className="sr-only">{b.sharePrefix}</span>
          {b.email}
        </a>
      </div>
    </TooltipProvider>
  )
}
