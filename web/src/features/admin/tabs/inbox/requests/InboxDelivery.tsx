// Beside the mails' badge: a skipped confirmation, and each webhook receiver's delivery with its
// "send again" button (POST /api/contacts/{id}/webhooks/{index}/retry, docs/contact.md "Webhook").
import { useState } from 'react'
import { Send } from 'lucide-react'
import type { ContactItem } from '@site/contracts'
import { retryContactWebhook } from '@/api/contacts'
import { Badge, Button } from '@/components'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { toastError, toastSuccess } from '../../../lib/toasts'
import { texts } from '../../../texts'

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

export function InboxDelivery({ item }: { item: ContactItem }) {
  const ti = texts.inbox
  const [busy, setBusy] = useState<number | null>(null)
  const skipped = item.notification.visitor.skipped
  // An item from a service older than the webhooks (a rolling update) has none.
  const webhooks = item.webhooks ?? []
  if (!skipped && webhooks.length === 0) return null

  async function sendAgain(index: number) {
    setBusy(index)
    try {
      await retryContactWebhook(item.id, index)
      await invalidateQueries(queryKeys.contacts.all)
      toastSuccess(ti.webhookQueued, hostOf(webhooks[index]?.url ?? ''))
    } catch (err) {
      toastError(texts.error, err, ti.failed)
    } finally {
      setBusy(null)
    }
  }

  return (
    <ul className="admin-inbox__delivery" data-testid="inbox-delivery">
      {skipped ? <li className="muted small">{ti.confirmationSkipped}</li> : null}
      {webhooks.map((w, index) => (
        <li key={`${index}-${w.url}`}>
          <Badge variant={w.status === 'failed' ? 'destructive' : 'outline'} title={w.lastError ?? undefined}>
            {ti.webhookStatus[w.status] ?? w.status}
          </Badge>{' '}
          <span className="muted small">
            {hostOf(w.url)} · {w.attempts}×{w.lastStatus ? ` · HTTP ${w.lastStatus}` : ''}
          </span>
          {w.status !== 'pending' ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void sendAgain(index)}
              disabled={busy !== null}
              aria-label={`${ti.sendAgain}: ${ti.webhook} ${hostOf(w.url)}`}
            >
              <Send size={14} aria-hidden /> {ti.sendAgain}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
