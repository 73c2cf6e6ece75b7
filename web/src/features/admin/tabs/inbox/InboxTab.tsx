// Inbox tab: the consultation requests, the chat's conversations (transcripts, with the share of
// helpful answers) and the questions the site could not answer, each a view of its own; a request
// sent from the chat and its conversation link to each other (inboxView.ts).
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components'
import { texts } from '../../texts'
import { ConversationsSection } from './conversations/ConversationsSection'
import { INBOX_VIEWS, useInboxView, type InboxView } from './inboxView'
import { RequestsSection } from './requests/RequestsSection'
import { UnansweredSection } from './unanswered/UnansweredSection'
import './inbox.css'

export function InboxTab() {
  const t = texts.inbox.views
  const { view, request, conversation, setView } = useInboxView()
  return (
    <Tabs value={view} onValueChange={(v) => setView(v as InboxView)}>
      <TabsList aria-label={t.label} className="admin-subtabs">
        {INBOX_VIEWS.map((v) => (
          <TabsTrigger key={v} value={v}>
            {t[v]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="requests">
        <RequestsSection focus={request} />
      </TabsContent>
      <TabsContent value="conversations">
        <ConversationsSection focus={conversation} />
      </TabsContent>
      <TabsContent value="unanswered">
        <UnansweredSection />
      </TabsContent>
    </Tabs>
  )
}
