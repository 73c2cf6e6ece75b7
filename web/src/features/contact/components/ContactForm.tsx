// The contact form of the home page's contact section (spec §2: name, email and message required,
// company optional, 5-row message, 'Versturen...' while pending; toasts of §8).
import { Button } from '@/components'
import { useT } from '@/i18n'
import { ContactField } from './ContactField'
import { useContactForm } from './useContactForm'

export function ContactForm() {
  const c = useT().contact
  const form = useContactForm({
    successTitle: c.formSuccessTitle,
    successText: c.formSuccessText,
    errorTitle: c.formErrorTitle,
    errorText: c.formErrorText,
  })
  return (
    <form
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      className="form-stack contact-form"
      noValidate
      data-testid="home-contact-form"
    >
      <div className="form-row">
        <ContactField form={form} name="name" id="hc-name" label={c.name} />
        <ContactField form={form} name="email" id="hc-email" label={c.email} />
      </div>
      <ContactField form={form} name="company" id="hc-company" label={c.company} />
      <ContactField form={form} name="message" id="hc-message" label={c.formMessage} rows={5} />
      <p className="muted small">{c.requiredHint}</p>
      <div>
        <Button type="submit" size="lg" disabled={form.pending}>
          {form.pending ? c.formSending : c.formSubmit}
        </Button>
      </div>
    </form>
  )
}
