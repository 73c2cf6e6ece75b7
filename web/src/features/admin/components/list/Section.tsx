// The frame of an admin tab: its heading, an optional lead text and action (the 'New ...' button).
import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components'

export function Section({
  title,
  lead,
  action,
  children,
  id,
}: {
  title: string
  lead?: ReactNode
  action?: ReactNode
  children: ReactNode
  id?: string
}) {
  return (
    <section id={id} className="admin-section" aria-labelledby={id ? `${id}-heading` : undefined}>
      <div className="admin-section__head">
        <div>
          <h2 className="admin-section__title" id={id ? `${id}-heading` : undefined}>
            {title}
          </h2>
          {lead ? <p className="admin-section__lead">{lead}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  )
}

export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus size={16} aria-hidden /> {label}
    </Button>
  )
}
