// The questions the site's content could not answer, or whose answer a visitor rated not helpful
// (GET /api/chat/unanswered), grouped by their normalized words, most asked first, each with a
// link to the latest conversation it was asked in.
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { ChatUnansweredQuestion } from '@site/contracts'
import { Badge } from '@/components'
import { listUnanswered } from '@/api/chat'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { PagedList } from '../../../components/list/PagedList'
import { Section } from '../../../components/list/Section'
import { ADMIN_PAGE_SIZE } from '../../../hooks/usePagedList'
import { texts } from '../../../texts'
import { useWhen } from '../conversations/useWhen'
import { inboxHref } from '../inboxView'

function Question({ item }: { item: ChatUnansweredQuestion }) {
  const t = texts.chat
  const when = useWhen()
  const why = [
    item.notFound ? t.notFoundCount(item.notFound) : null,
    item.unhelpful ? t.unhelpfulRated(item.unhelpful) : null,
  ].filter(Boolean)
  return (
    <li className="admin-row admin-row--stack" data-testid="unanswered-question">
      <div className="admin-row__main">
        <p className="admin-row__title">
          <span className="admin-unanswered__question">{item.question}</span>
          <Badge variant="warning">{t.asked(item.count)}</Badge>
        </p>
        <p className="admin-row__meta">
          <span>{why.join(', ')}</span>
          <span>{item.languages.join(', ')}</span>
          <span>
            {t.lastAsked}: <time dateTime={item.lastAt}>{when(item.lastAt)}</time>
          </span>
          <Link to={inboxHref.conversation(item.sessionId)}>{t.readLatest}</Link>
        </p>
      </div>
    </li>
  )
}

export function UnansweredSection() {
  const t = texts.chat
  const [page, setPage] = useState(1)
  const query = useQuery(queryKeys.chat.unanswered(page, ADMIN_PAGE_SIZE), (signal) =>
    listUnanswered(page, ADMIN_PAGE_SIZE, signal),
  )
  return (
    <Section title={t.unansweredHeading} lead={t.unansweredLead} id="admin-unanswered">
      <PagedList
        query={query}
        empty={t.unansweredEmpty}
        label={t.unansweredHeading}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        onPage={setPage}
      >
        {(items) => (
          <ul className="admin-list" data-testid="admin-unanswered">
            {items.map((item) => (
              <Question key={item.key} item={item} />
            ))}
          </ul>
        )}
      </PagedList>
    </Section>
  )
}
