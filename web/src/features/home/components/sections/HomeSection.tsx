// The frame every home section shares, and the plain text cards several of them show.
import type { ReactNode } from 'react'
import { Card, CardBody } from '@/components'

/** A home section: the full-width band (tinted or not), its container, and the header whose h2 names it. */
export function HomeSection({
  id,
  titleId,
  tinted,
  narrow,
  testId,
  eyebrow,
  title,
  lead,
  children,
}: {
  /** The section's anchor (`/#<id>`). */
  id?: string
  titleId: string
  tinted?: boolean
  narrow?: boolean
  testId?: string
  eyebrow?: string
  title: string
  lead?: string
  children: ReactNode
}) {
  return (
    <section
      id={id}
      className={tinted ? 'section section--tinted' : 'section'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <div className={narrow ? 'container container--narrow' : 'container'}>
        <header className="section__header">
          {eyebrow ? <p className="section__eyebrow">{eyebrow}</p> : null}
          <h2 id={titleId} className="section__title">
            {title}
          </h2>
          {lead ? <p className="section__lead">{lead}</p> : null}
        </header>
        {children}
      </div>
    </section>
  )
}

/** Three plain cards of a title and a text. */
export function TextCards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid grid--3">
      {items.map((item) => (
        <li key={item.title}>
          <Card>
            <CardBody>
              <h3 className="card-title">{item.title}</h3>
              <p className="muted">{item.text}</p>
            </CardBody>
          </Card>
        </li>
      ))}
    </ul>
  )
}

/** 2. Methodology: the features from the content service (fallback: the spec's steps). */
