// Which part of the Inbox shows, and which request or conversation it is focused on, live in the
// URL (/admin?tab=inbox&view=conversations&conversation=<session id>), so a request and the
// conversation it came from link to each other and a link can be shared between admins.
import { useSearchParams } from 'react-router-dom'

export const INBOX_VIEWS = ['requests', 'conversations', 'unanswered'] as const
export type InboxView = (typeof INBOX_VIEWS)[number]

const href = (params: Record<string, string>) => `/admin?${new URLSearchParams({ tab: 'inbox', ...params })}`

export const inboxHref = {
  view: (view: InboxView) => href({ view }),
  request: (id: string) => href({ view: 'requests', request: id }),
  conversation: (sessionId: string) => href({ view: 'conversations', conversation: sessionId }),
}

export function useInboxView() {
  const [params, setParams] = useSearchParams()
  const asked = params.get('view')
  const view: InboxView = INBOX_VIEWS.find((v) => v === asked) ?? 'requests'
  return {
    view,
    request: view === 'requests' ? params.get('request') : null,
    conversation: view === 'conversations' ? params.get('conversation') : null,
    setView: (next: InboxView) => setParams({ tab: 'inbox', view: next }),
  }
}
