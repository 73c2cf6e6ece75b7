// Where a consultation request comes from. The chat widget marks its session when the visitor
// takes its way to a person (the panel's button, or a consultation link in one of its answers);
// the contact forms send that session id with the request, so the team sees the conversation
// beside it (docs/contact.md "From the chat"), and forget it once the request is sent.
import { create } from 'zustand'

interface ConsultationOrigin {
  /** The chat session the visitor came from in this visit, or null. */
  chatSessionId: string | null
  fromChat: (sessionId: string) => void
  clear: () => void
}

export const useConsultationOrigin = create<ConsultationOrigin>()((set) => ({
  chatSessionId: null,
  fromChat: (chatSessionId) => set({ chatSessionId }),
  clear: () => set({ chatSessionId: null }),
}))
