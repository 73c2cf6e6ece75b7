import {
  forwardRef,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from '@/lib/cn'

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn('input', className)} {...props} />
})

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={cn('input', 'textarea', className)} {...props} />
  },
)

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('label', className)} {...props} />
}

export interface FieldProps {
  label: ReactNode
  htmlFor: string
  children: ReactNode
  /** Shown under the control in red; give the control aria-invalid and aria-describedby={`${htmlFor}-error`}. */
  error?: string | null
  hint?: ReactNode
  /** Character counter "value/max" (admin forms); turns red above max. */
  counter?: { value: number; max: number }
  required?: boolean
  className?: string
}

/** Label + control + hint/error/counter, laid out consistently. */
export function Field({ label, htmlFor, children, error, hint, counter, required, className }: FieldProps) {
  return (
    <div className={cn('field', className)}>
      <div className="field__top">
        <Label htmlFor={htmlFor}>
          {label}
          {required ? (
            <span aria-hidden="true" className="field__required">
              {' '}
              *
            </span>
          ) : null}
        </Label>
        {counter ? (
          <span
            className={cn('field__counter', counter.value > counter.max && 'field__counter--over')}
            aria-live="polite"
          >
            {counter.value}/{counter.max}
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p className="field__hint" id={`${htmlFor}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${htmlFor}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
