// The chat's conversations (GET /api/chat/conversations): the share of helpful answers, a search
// through every message, the conversations latest first with their transcripts; or the one a link
// points to (?conversation=<session id>, e.g. from a consultation request). Erase with confirmation.
import { Link, useNavigate } from 'react-router-dom'
import type { ChatConversation } from '@site/contracts'
import { deleteConversation, getChatFeedback, getConversation, listConversations } from '@/api/chat'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog'
import { ListState } from '../../../components/list/ListState'
import { PagedList } from '../../../components/list/PagedList'
import { SearchField } from '../../../components/list/SearchField'
import { Section } from '../../../components/list/Section'
import { useConfirm } from '../../../hooks/useConfirm'
import { ADMIN_PAGE_SIZE, usePagedList } from '../../../hooks/usePagedList'
import { orNoneOn404 } from '../../../lib/orNone'
import { deleteAndRefresh } from '../../../lib/toasts'
import { texts } from '../../../texts'
import { inboxHref } from '../inboxView'
import { ConversationItem } from './ConversationItem'
import { FeedbackSummary } from './FeedbackSummary'

function FocusedConversation({
  sessionId,
  onErase,
}: {
  sessionId: string
  onErase: (c: ChatConversation) => void
}) {
  const t = texts.chat
  const one = useQuery(queryKeys.chat.conversation(sessionId), (signal) =>
    getConversation(sessionId, signal).then((c) => [c], orNoneOn404),
  )
  return (
    <>
      <p>
        <Link to={inboxHref.view('conversations')}>{t.showAll}</Link>
      </p>
      <ListState query={one} empty={t.missing}>
        {(items) => (
          <ul className="admin-list">
            {items.map((c) => (
              <ConversationItem key={c.sessionId} c={c} defaultOpen onErase={() => onErase(c)} />
            ))}
          </ul>
        )}
      </ListState>
    </>
  )
}

function ConversationList({ onErase }: { onErase: (c: ChatConversation) => void }) {
  const t = texts.chat
  const { query, page, setPage, q, search } = usePagedList(
    (p, text) => queryKeys.chat.conversations(p, ADMIN_PAGE_SIZE, text),
    (p, text, signal) => listConversations(p, ADMIN_PAGE_SIZE, text, signal),
  )
  return (
    <>
      <FeedbackSummary />
      <SearchField
        id="admin-conversations-search"
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        onSearch={search}
      />
      <PagedList
        query={query}
        empty={q ? t.none(q) : t.empty}
        label={t.heading}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        onPage={setPage}
      >
        {(items) => (
          <ul className="admin-list" data-testid="admin-conversations">
            {items.map((c) => (
              <ConversationItem key={c.sessionId} c={c} onErase={() => onErase(c)} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  )
}

export function ConversationsSection({ focus }: { focus: string | null }) {
  const t = texts.chat
  const navigate = useNavigate()
  const confirm = useConfirm<ChatConversation>()
  // The kept period (CHAT_RETENTION_DAYS) comes with the feedback figures (the same read as below).
  const kept = useQuery(queryKeys.chat.feedback, (signal) => getChatFeedback(signal)).data?.days ?? null
  const erase = (c: ChatConversation) =>
    deleteAndRefresh(
      async () => {
        await deleteConversation(c.sessionId)
        if (focus) navigate(inboxHref.view('conversations'))
      },
      queryKeys.chat.all,
      { title: t.erased },
      { title: texts.error, fallback: t.failed },
    )

  return (
    <Section title={t.heading} lead={t.lead(kept)} id="admin-conversations">
      {focus ? (
        <FocusedConversation sessionId={focus} onErase={confirm.ask} />
      ) : (
        <ConversationList onErase={confirm.ask} />
      )}
      <ConfirmDialog
        {...confirm.dialogProps}
        title={t.eraseTitle}
        text={t.eraseText}
        confirmLabel={t.erase}
        onConfirm={() => erase(confirm.target!)}
      />
    </Section>
  )
}
