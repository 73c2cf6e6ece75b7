import type { HTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive'

export function Badge({
  variant = 'default',
  className,
  ...p
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={cn('badge', `badge--${variant}`, className)} {...p} />
}

export function Card({ className, ...p }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('card', className)} {...p} />
}
export function CardBody({ className, ...p }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('card__body', className)} {...p} />
}

/** A grey pulsing block (loading placeholder); size it with className/style. Hidden from screen readers. */
export function Skeleton({ className, ...p }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('skeleton', className)} {...p} />
}

/** A spinning circle; `label` is read by screen readers (role=status). */
export function Spinner({
  label,
  size = 20,
  className,
}: {
  label?: string
  size?: number
  className?: string
}) {
  return (
    <span
      role={label ? 'status' : undefined}
      className={cn('spinner', className)}
      style={{ width: size, height: size }}
    >
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  )
}

/** Text for screen readers only. */
export function VisuallyHidden(p: HTMLAttributes<HTMLSpanElement>) {
  return <span className="sr-only" {...p} />
}
