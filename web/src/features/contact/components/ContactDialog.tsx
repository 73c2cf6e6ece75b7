// The free-consultation dialog (spec §2, §4, §8). Mounted once in the root layout; opened with
// useDialogs().openDialog('contact') from the top bar and the hero.
import { useEffect } from 'react'
import { Button, Dialog, DialogContent } from '@/components'
import { useT } from '@/i18n'
import { returnFocus, useDialogs } from '@/stores/dialogs'
import { ContactField } from './ContactField'
import { useContactForm } from './useContactForm'

export function ContactDialog() {
  const t = useT()
  const c = t.contact
  const open = useDialogs((s) => s.open.contact)
  const setOpen = useDialogs((s) => s.setOpen)
  const form = useContactForm(
    {
      successTitle: c.successTitle,
      successText: c.successText,
      errorTitle: c.errorTitle,
      errorText: c.errorText,
    },
    () => setOpen('contact', false),
  )
  // The proof of work starts when the dialog opens: solved while the visitor types.
  const startProof = form.onFocus
  useEffect(() => {
    if (open) startProof()
  }, [open, startProof])
  return (
    <Dialog open={open} onOpenChange={(o) => setOpen('contact', o)}>
      <DialogContent
        onCloseAutoFocus={returnFocus('contact')}
        title={c.dialogTitle}
        description={c.dialogSubtitle}
        closeLabel={t.common.close}
      >
        <form
          onSubmit={form.onSubmit}
          onFocus={form.onFocus}
          className="form-stack"
          noValidate
          data-testid="contact-dialog-form"
        >
          <ContactField form={form} name="name" id="cd-name" label={c.name} />
          <ContactField form={form} name="email" id="cd-email" label={c.email} />
          <ContactField form={form} name="phone" id="cd-phone" label={c.phone} />
          <ContactField form={form} name="company" id="cd-company" label={c.company} />
          <ContactField form={form} name="message" id="cd-message" label={c.message} rows={4} />
          <div className="dialog-actions">
            <Button type="button" variant="outline" onClick={() => setOpen('contact', false)}>
              {c.cancel}
            </Button>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? c.sending : c.send}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
