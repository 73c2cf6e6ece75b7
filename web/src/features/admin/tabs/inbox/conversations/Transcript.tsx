// A conversation's messages as the team reads them: who and when, the page a question was asked
// on and whether the site had an answer; which mode answered, its sources and the visitor's rating.
import type { ChatConversation, ChatTranscriptMessage } from '@site/contracts'
import { Badge } from '@/components'
import { texts } from '../../../texts'
import { useWhen } from './useWhen'

/** Sources are site paths (or a full URL); anything else is shown as text. */
const safeHref = (url: string) => /^(\/(?!\/)|https?:\/\/)/i.test(url)

function Rating({ m }: { m: ChatTranscriptMessage }) {
  const t = texts.chat
  if (m.helpful === true) return <Badge variant="success">{t.ratedHelpful}</Badge>
  if (m.helpful === false) return <Badge variant="destructive">{t.ratedUnhelpful}</Badge>
  return <span className="admin-muted">{t.notRated}</span>
}

function Message({ m }: { m: ChatTranscriptMessage }) {
  const t = texts.chat
  const when = useWhen()
  const answer = m.role === 'assistant'
  return (
    <li
      className={`admin-transcript__message admin-transcript__message--${m.role}`}
      data-testid="transcript-message"
    >
      <div className="admin-transcript__head">
        <strong>{answer ? t.assistant : t.visitor}</strong>
        <time dateTime={m.at}>{when(m.at)}</time>
        {m.page ? (
          <span className="admin-muted">
            {t.onPage} <code>{m.page}</code>
          </span>
        ) : null}
        {m.unanswered ? <Badge variant="warning">{t.unanswered}</Badge> : null}
        {m.mode ? (
          <Badge variant="outline">
            {t.modeLabel}: {t.mode[m.mode] ?? m.mode}
          </Badge>
        ) : null}
        {answer ? <Rating m={m} /> : null}
      </div>
      <p className="admin-transcript__text">{m.text}</p>
      {m.sources.length ? (
        <p className="admin-transcript__sources">
          {t.sources}:{' '}
          {m.sources.map((s, i) => (
            <span key={`${s.url}-${i}`}>
              {i > 0 ? ', ' : null}
              {safeHref(s.url) ? (
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.title}
                </a>
              ) : (
                s.title
              )}
            </span>
          ))}
        </p>
      ) : null}
    </li>
  )
}

export function Transcript({ c }: { c: ChatConversation }) {
  return (
    <>
      {c.messageCount > c.messages.length ? (
        <p className="admin-muted">{texts.chat.shownOf(c.messages.length, c.messageCount)}</p>
      ) : null}
      <ol className="admin-transcript">
        {c.messages.map((m) => (
          <Message key={m.id} m={m} />
        ))}
      </ol>
    </>
  )
}
