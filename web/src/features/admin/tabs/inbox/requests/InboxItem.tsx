// One consultation request in the inbox: name, handled/open and mail badges, the details, the
// message, the chat conversation it was sent from, and mark handled / reply / erase.
import { Check, Mail, MessageCircle, RotateCcw, Trash2 } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { ContactItem } from '@site/contracts'
import { Badge, Button } from '@/components'
import { mailtoHref } from '@/lib/mailto'
import { inboxHref } from '../inboxView'
import { InboxMeta } from './InboxMeta'
import { InboxDelivery } from './InboxDelivery'
import { texts } from '../../../texts'

export function InboxItem({
  item,
  busy,
  onToggle,
  onErase,
}: {
  item: ContactItem
  busy: boolean
  onToggle: () => void
  onErase: () => void
}) {
  const ti = texts.inbox
  return (
    <li
      className={`admin-row admin-row--stack${item.handled ? ' admin-row--done' : ''}`}
      data-testid="inbox-item"
    >
      <article aria-labelledby={`inbox-${item.id}-name`} className="admin-inbox">
        <header className="admin-row__title">
          <h3 id={`inbox-${item.id}-name`} className="admin-inbox__name">
            {item.name}
          </h3>
          <Badge variant={item.handled ? 'success' : 'warning'}>{item.handled ? ti.handled : ti.open}</Badge>
          {item.notification?.status ? (
            <Badge
              variant={item.notification.status === 'failed' ? 'destructive' : 'outline'}
              title={item.notification.lastError ?? undefined}
            >
              {ti.notificationStatus[item.notification.status] ?? item.notification.status}
            </Badge>
          ) : null}
        </header>
        <InboxMeta item={item} />
        <InboxDelivery item={item} />
        <p className="admin-inbox__message">{item.message}</p>
        {item.chat_session_id ? (
          <p className="admin-inbox__chat">
            <MessageCircle size={14} aria-hidden /> {ti.fromChat}:{' '}
            <Link to={inboxHref.conversation(item.chat_session_id)}>{ti.openConversation}</Link>
          </p>
        ) : null}
        <div className="admin-row__actions">
          <Button
            variant="outline"
            size="sm"
            onClick={onToggle}
            disabled={busy}
            aria-label={`${item.handled ? ti.markOpen : ti.markHandled}: ${item.name}`}
          >
            {item.handled ? <RotateCcw size={14} aria-hidden /> : <Check size={14} aria-hidden />}{' '}
            {item.handled ? ti.markOpen : ti.markHandled}
          </Button>
          <a
            className="btn btn--ghost btn--sm"
            href={mailtoHref(item.email)}
            aria-label={`${ti.reply}: ${item.name}`}
          >
            <Mail size={14} aria-hidden /> {ti.reply}
          </a>
          <Button
            variant="outline"
            size="sm"
            className="admin-danger"
            onClick={onErase}
            disabled={busy}
            aria-label={`${ti.erase}: ${item.name}`}
          >
            <Trash2 size={14} aria-hidden /> {ti.erase}
          </Button>
        </div>
      </article>
    </li>
  )
}
