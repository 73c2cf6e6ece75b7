// One message of the chat: the text with its links, the sources, the Dutch time, and under an
// answer the visitor's thumbs up/down (buttons with pressed state, labelled in the site language).
import { ThumbsDown, ThumbsUp } from 'lucide-react'
import { formatTime, useLanguage, useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { useChatStore, type ChatEntry } from '../stores/chat'
import { ChatText, SiteLink } from './ChatText'

function AnswerRating({ m }: { m: ChatEntry }) {
  const t = useT().chat
  const { language } = useLanguage()
  const rate = useChatStore((s) => s.rate)
  const busy = m.rating === 'saving'
  const thumb = (helpful: boolean) => (
    <button
      type="button"
      className={cn('chat__thumb', m.helpful === helpful && 'chat__thumb--on')}
      aria-label={helpful ? t.helpful : t.notHelpful}
      aria-pressed={m.helpful === helpful}
      // aria-disabled, not disabled: a disabled button drops the keyboard focus to <body>.
      aria-disabled={busy}
      onClick={() => {
        if (!busy) void rate(m.id, helpful)
      }}
    >
      {helpful ? <ThumbsUp size={14} aria-hidden /> : <ThumbsDown size={14} aria-hidden />}
    </button>
  )
  return (
    <div className="chat__rating" role="group" aria-label={t.rateQuestion} lang={language}>
      {thumb(true)}
      {thumb(false)}
      <span className="chat__rating-status" role="status">
        {m.rating === 'saved' ? t.rated : m.rating === 'failed' ? t.rateFailed : ''}
      </span>
    </div>
  )
}

export function ChatBubble({ m, label }: { m: ChatEntry; label: string }) {
  const t = useT().chat
  return (
    <li
      className={cn('chat__message', `chat__message--${m.sender}`)}
      data-testid={`chat-message-${m.sender}`}
    >
      <span className="sr-only">{label}: </span>
      <div className="chat__bubble">
        <ChatText text={m.text} />
        {m.sources && m.sources.length > 0 ? (
          <span className="chat__sources">
            {t.sources}{' '}
            {m.sources.map((s, i) => (
              <span key={`${s.url}-${i}`}>
                {i > 0 ? ', ' : null}
                <SiteLink href={s.url}>{s.title}</SiteLink>
              </span>
            ))}
          </span>
        ) : null}
      </div>
      <time className="chat__time" dateTime={new Date(m.timestamp).toISOString()}>
        {formatTime(m.timestamp, 'nl')}
      </time>
      {m.sender === 'bot' && m.messageId ? <AnswerRating m={m} /> : null}
    </li>
  )
}
