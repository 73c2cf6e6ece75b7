// The details of a consultation request: received, e-mail, phone, company, language.
import type { ContactItem } from '@site/contracts'
import { mailtoHref } from '@/lib/mailto'
import { localDateTime } from '../../../lib/localTime'
import { texts } from '../../../texts'

export function InboxMeta({ item }: { item: ContactItem }) {
  const ti = texts.inbox
  return (
    <dl className="admin-inbox__meta">
      <div>
        <dt>{ti.received}</dt>
        <dd>
          <time dateTime={item.created_at}>{localDateTime(item.created_at)}</time>
        </dd>
      </div>
      <div>
        <dt>{ti.email}</dt>
        <dd>
          <a href={mailtoHref(item.email)}>{item.email}</a>
        </dd>
      </div>
      {item.phone ? (
        <div>
          <dt>{ti.phone}</dt>
          <dd>
            <a href={`tel:${item.phone}`}>{item.phone}</a>
          </dd>
        </div>
      ) : null}
      {item.company ? (
        <div>
          <dt>{ti.company}</dt>
          <dd>{item.company}</dd>
        </div>
      ) : null}
      {item.language ? (
        <div>
          <dt>{ti.language}</dt>
          <dd>{item.language}</dd>
        </div>
      ) : null}
    </dl>
  )
}
