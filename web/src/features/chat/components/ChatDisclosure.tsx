// Before the first message, in the site's language: the visitor talks to an automated assistant
// whose answers may be wrong, and here is the way to a person (the free consultation form, which
// then carries this chat's session so the team sees the conversation with the request).
import { useLanguage, useT } from '@/i18n'
import { useConsultationOrigin } from '@/stores/consultation'
import { useDialogs } from '@/stores/dialogs'
import { getChatSessionId } from '../stores/chat'

export function ChatDisclosure() {
  const t = useT().chat
  const { language } = useLanguage()
  const openDialog = useDialogs((s) => s.openDialog)
  const toPerson = () => {
    useConsultationOrigin.getState().fromChat(getChatSessionId())
    openDialog('contact')
  }
  return (
    <div className="chat__disclosure" role="note" lang={language} data-testid="chat-disclosure">
      <p>{t.disclosure}</p>
      <p>
        {t.person}{' '}
        <button type="button" className="chat__person" onClick={toPerson}>
          {t.personAction}
        </button>
      </p>
    </div>
  )
}
