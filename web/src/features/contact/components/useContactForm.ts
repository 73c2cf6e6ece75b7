import { useState, type FormEvent } from 'react'
import { useLanguage } from '@/i18n'
import { useConsultationOrigin } from '@/stores/consultation'
import { toast } from '@/stores/toast'
import { createContact } from '@/api/contacts'
import { EMPTY_CONTACT, isValidContact, toContactBody, type ContactFields } from '../lib/contactFields'
import { useProof } from '../lib/useProof'

interface Texts {
  successTitle: string
  successText: string
  errorTitle: string
  errorText: string
}

/**
 * Form state of spec §4: editing → submitting → success (form cleared, `onSuccess`, success toast)
 * or failure (error toast, form kept). Validation failures show the same error toast (spec §5).
 * A visitor who came from the chat sends its session id along (then forgotten). The proof of work
 * is solved from the first focus on (`onFocus`); a send waits for it in the sending state.
 */
export function useContactForm(texts: Texts, onSuccess?: () => void) {
  const { language } = useLanguage()
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT)
  const [pending, setPending] = useState(false)
  const proof = useProof()
  const set = (name: keyof ContactFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }))

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (pending) return
    const fail = () =>
      toast({ title: texts.errorTitle, description: texts.errorText, variant: 'destructive' })
    if (!isValidContact(fields)) return fail()
    setPending(true)
    try {
      const origin = useConsultationOrigin.getState()
      const altcha = await proof.take()
      await createContact({ ...toContactBody(fields, language, origin.chatSessionId), altcha })
      origin.clear()
      setFields(EMPTY_CONTACT)
      onSuccess?.()
      toast({ title: texts.successTitle, description: texts.successText })
    } catch {
      fail()
    } finally {
      setPending(false)
    }
  }
  return { fields, set, pending, onSubmit, onFocus: proof.start }
}
