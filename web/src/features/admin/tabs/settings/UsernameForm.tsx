// Change username (spec §5, §9): the new name and the current password; fields disabled while
// submitting, cleared on success, the signed-in user read again.
import { useState, type FormEvent } from 'react'
import { Button, Field, Input } from '@/components'
import { changeUsername } from '@/api/auth'
import { useUnsavedChanges } from '@/lib/useUnsavedChanges'
import { useAuth } from '@/stores/auth'
import { toast } from '@/stores/toast'
import { USERNAME_MAX, USERNAME_MIN } from '../../lib/validation'
import { toastError } from '../../lib/toasts'
import { FormError } from './FormError'
import { texts } from '../../texts'

export function UsernameForm() {
  const ta = texts
  const t = ta.settings
  const user = useAuth((s) => s.user)
  const refresh = useAuth((s) => s.refresh)
  const [newUsername, setNewUsername] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useUnsavedChanges(newUsername !== '' || currentPassword !== '')

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const name = newUsername.trim()
    let problem: string | null = null
    if (!name || !currentPassword) problem = t.fillInAll
    else if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) problem = t.usernameLength
    setError(problem)
    if (problem) {
      toast({ title: ta.error, description: problem, variant: 'destructive' })
      return
    }
    setPending(true)
    try {
      await changeUsername({ newUsername: name, currentPassword })
      setNewUsername('')
      setCurrentPassword('')
      toast({ title: t.success, description: t.usernameUpdated })
      await refresh()
    } catch (err) {
      toastError(ta.error, err, t.usernameFailed)
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="form-stack admin-card"
      aria-labelledby="username-heading"
      data-testid="username-form"
    >
      <h3 id="username-heading" className="admin-card__title">
        {t.usernameHeading}
      </h3>
      {user ? <p className="admin-muted">{t.signedInAs(user.username)}</p> : null}
      <Field
        label={t.newUsername}
        htmlFor="settings-new-username"
        counter={{ value: newUsername.trim().length, max: USERNAME_MAX }}
      >
        <Input
          id="settings-new-username"
          autoComplete="username"
          value={newUsername}
          disabled={pending}
          aria-describedby={error ? 'username-form-error' : undefined}
          onChange={(e) => setNewUsername(e.target.value)}
        />
      </Field>
      <Field label={t.currentPassword} htmlFor="settings-username-password">
        <Input
          id="settings-username-password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          disabled={pending}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
      </Field>
      <FormError id="username-form-error" message={error} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t.updating : t.updateUsername}
        </Button>
      </div>
    </form>
  )
}
