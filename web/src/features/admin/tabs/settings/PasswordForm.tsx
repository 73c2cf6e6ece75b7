// Change password (spec §5, §9): current, new and confirmed password; fields disabled while
// submitting, cleared on success.
import { useState, type FormEvent } from 'react'
import { Button, Field, Input } from '@/components'
import { changePassword } from '@/api/auth'
import { useUnsavedChanges } from '@/lib/useUnsavedChanges'
import { toast } from '@/stores/toast'
import { PASSWORD_MIN } from '../../lib/validation'
import { toastError } from '../../lib/toasts'
import { FormError } from './FormError'
import { texts } from '../../texts'

export function PasswordForm() {
  const ta = texts
  const t = ta.settings
  const [currentPassword, setCurrent] = useState('')
  const [newPassword, setNew] = useState('')
  const [confirm, setConfirm] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useUnsavedChanges(currentPassword !== '' || newPassword !== '' || confirm !== '')

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    let problem: string | null = null
    if (!currentPassword || !newPassword || !confirm) problem = t.fillInAll
    else if (newPassword !== confirm) problem = t.mismatch
    else if (newPassword.length < PASSWORD_MIN) problem = t.tooShort
    setError(problem)
    if (problem) {
      toast({ title: ta.error, description: problem, variant: 'destructive' })
      return
    }
    setPending(true)
    try {
      await changePassword({ currentPassword, newPassword })
      setCurrent('')
      setNew('')
      setConfirm('')
      toast({ title: t.success, description: t.passwordUpdated })
    } catch (err) {
      toastError(ta.error, err, t.passwordFailed)
    } finally {
      setPending(false)
    }
  }

  const field = (
    id: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    autoComplete: string,
  ) => (
    <Field label={label} htmlFor={id}>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        disabled={pending}
        aria-describedby={error ? 'password-form-error' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  )

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="form-stack admin-card"
      aria-labelledby="password-heading"
      data-testid="password-form"
    >
      <h3 id="password-heading" className="admin-card__title">
        {t.passwordHeading}
      </h3>
      {field('settings-current-password', t.currentPassword, currentPassword, setCurrent, 'current-password')}
      {field('settings-new-password', t.newPassword, newPassword, setNew, 'new-password')}
      {field('settings-confirm-password', t.confirmPassword, confirm, setConfirm, 'new-password')}
      <FormError id="password-form-error" message={error} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t.updating : t.updatePassword}
        </Button>
      </div>
    </form>
  )
}
