// One conversation in the Inbox: when it started, its size, ratings, languages and pages, the first
// question; opened, its transcript and the consultation requests it led to; erase (GDPR).
import { ChevronDown, ChevronUp, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import type { ChatConversation } from '@site/contracts'
import { Badge, Button } from '@/components'
import { texts } from '../../../texts'
import { LinkedRequests } from './LinkedRequests'
import { Transcript } from './Transcript'
import { useWhen } from './useWhen'

export function ConversationItem({
  c,
  defaultOpen = false,
  onErase,
}: {
  c: ChatConversation
  defaultOpen?: boolean
  onErase: () => void
}) {
  const t = texts.chat
  const when = useWhen()
  const [open, setOpen] = useState(defaultOpen)
  const id = useId()
  const title = t.conversationOf(when(c.startedAt))
  const first = c.messages.find((m) => m.role === 'user')
  return (
    <li className="admin-row admin-row--stack" data-testid="conversation">
      <article aria-labelledby={`${id}-title`} className="admin-inbox">
        <header className="admin-row__title">
          <h3 id={`${id}-title`} className="admin-inbox__name">
            {title}
          </h3>
          <Badge variant="outline">{t.messages(c.messageCount)}</Badge>
          {c.helpful ? <Badge variant="success">{t.helpfulCount(c.helpful)}</Badge> : null}
          {c.unhelpful ? <Badge variant="destructive">{t.unhelpfulCount(c.unhelpful)}</Badge> : null}
        </header>
        <dl className="admin-inbox__meta">
          {c.languages.length ? (
            <div>
              <dt>{t.languages}</dt>
              <dd>{c.languages.join(', ')}</dd>
            </div>
          ) : null}
          {c.pages.length ? (
            <div>
              <dt>{t.pages}</dt>
              <dd>{c.pages.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
        {!open && first ? <p className="admin-conversation__preview">{first.text}</p> : null}
        <div className="admin-row__actions">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={`${id}-transcript`}
            onClick={() => setOpen(!open)}
          >
            {open ? <ChevronUp size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}{' '}
            {open ? t.hideTranscript : t.showTranscript}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="admin-danger"
            onClick={onErase}
            aria-label={`${t.erase}: ${title}`}
          >
            <Trash2 size={14} aria-hidden /> {t.erase}
          </Button>
        </div>
        {open ? (
          <div id={`${id}-transcript`} className="admin-conversation">
            <Transcript c={c} />
            <LinkedRequests sessionId={c.sessionId} />
          </div>
        ) : null}
      </article>
    </li>
  )
}
