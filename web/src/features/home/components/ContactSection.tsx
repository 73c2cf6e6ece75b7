// 11. Contact section (anchor 'contact'): the call to action, the contact details and the form. The
// form belongs to the contact feature: the app composes it in (`form` slot, see app/pages/HomeRoute).
import { Mail, MapPin, Phone } from 'lucide-react'
import { useT } from '@/i18n'
import type { ReactNode } from 'react'
import { mailtoHref } from '@/lib/mailto'
import type { SiteContent } from '@site/contracts'

export function ContactSection({ content, form }: { content: SiteContent | undefined; form?: ReactNode }) {
  const t = useT()
  const h = t.home
  return (
    <section id={t.nav.anchors.contact} className="section section--cta" aria-labelledby="contact-title">
      <div className="container contact-section">
        <div>
          <p className="section__eyebrow">{h.contactEyebrow}</p>
          <h2 id="contact-title" className="section__title">
            {h.contactTitle}
          </h2>
          <p className="section__lead">{h.contactLead}</p>
          {content ? (
            <dl className="contact-details">
              {content.address ? (
                <div>
                  <dt>
                    <MapPin size={18} aria-hidden /> {h.address}
                  </dt>
                  <dd>{content.address}</dd>
                </div>
              ) : null}
              {content.phone ? (
                <div>
                  <dt>
                    <Phone size={18} aria-hidden /> {h.phone}
                  </dt>
                  <dd>
                    <a href={`tel:${content.phone.replace(/[^+\d]/g, '')}`}>{content.phone}</a>
                  </dd>
                </div>
              ) : null}
              {content.email ? (
                <div>
                  <dt>
                    <Mail size={18} aria-hidden /> {h.email}
                  </dt>
                  <dd>
                    <a href={mailtoHref(content.email)}>{content.email}</a>
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </div>
        {form ? <div className="contact-section__form">{form}</div> : null}
      </div>
    </section>
  )
}
