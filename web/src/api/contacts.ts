// Consultation requests (docs/api.md "Contact"): the visitors' form and the admin's inbox.
import type {
  ContactChallenge,
  ContactCreateBody,
  ContactCreated,
  ContactItem,
  PagedList,
} from '@site/contracts'
import { deleteJson, getJson, patchJson, postJson } from '@/lib/api'

export const createContact = (body: ContactCreateBody) => postJson<ContactCreated>('/api/contacts', body)
/** A proof-of-work challenge for the form (solved while the visitor types). */
export const getContactChallenge = () => getJson<ContactChallenge>('/api/contacts/challenge')
export const listContacts = (page: number, pageSize: number, signal: AbortSignal) =>
  getJson<PagedList<ContactItem>>('/api/contacts', { signal, params: { page, pageSize } })
export const getContact = (id: string, signal: AbortSignal) =>
  getJson<ContactItem>(`/api/contacts/${encodeURIComponent(id)}`, { signal })
/** The requests one chat conversation led to (the way back from a transcript). */
export const listContactsFromChat = (sessionId: string, signal: AbortSignal) =>
  getJson<PagedList<ContactItem>>('/api/contacts', {
    signal,
    params: { chatSessionId: sessionId, pageSize: 10 },
  })
export const setContactHandled = (id: string, handled: boolean) =>
  patchJson<ContactItem>(`/api/contacts/${encodeURIComponent(id)}`, { handled })
/** Delivers a request to one webhook receiver again (the inbox's "send again"). */
export const retryContactWebhook = (id: string, index: number) =>
  postJson<ContactItem>(`/api/contacts/${encodeURIComponent(id)}/webhooks/${index}/retry`, {})
export const deleteContact = (id: string) => deleteJson(`/api/contacts/${encodeURIComponent(id)}`)
