// The consultation requests a conversation led to (the contact service's, found by the chat's
// session id: docs/contact.md "From the chat"), each a link to the request in the Inbox.
import { Link } from 'react-router-dom'
import { listContactsFromChat } from '@/api/contacts'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { texts } from '../../../texts'
import { inboxHref } from '../inboxView'
import { useWhen } from './useWhen'

export function LinkedRequests({ sessionId }: { sessionId: string }) {
  const t = texts.chat
  const when = useWhen()
  const query = useQuery(queryKeys.contacts.fromChat(sessionId), (signal) =>
    listContactsFromChat(sessionId, signal),
  )
  const items = query.data?.items ?? []
  let body
  if (query.isPending) body = <p className="admin-muted">{t.requestsLoading}</p>
  else if (query.isError) body = <p className="admin-muted">{texts.loadFailed}</p>
  else if (!items.length) body = <p className="admin-muted">{t.noRequests}</p>
  else
    body = (
      <ul className="admin-linked">
        {items.map((r) => (
          <li key={r.id}>
            <Link to={inboxHref.request(r.id)}>{t.openRequest(r.name, when(r.created_at))}</Link>
          </li>
        ))}
      </ul>
    )
  return (
    <section className="admin-linked-requests" aria-label={t.requests}>
      <h4 className="admin-linked-requests__title">{t.requests}</h4>
      {body}
    </section>
  )
}
