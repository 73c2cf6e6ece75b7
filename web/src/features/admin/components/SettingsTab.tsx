// Settings tab (spec §2, §5, §8, §9): change username, change password (fields disabled while
// submitting, cleared on success) and the security information the auth service reports about itself.
import { ShieldCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button, Field, Input, Skeleton } from '@/components'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { toast } from '@/stores/toast'
import { changePassword, changeUsername, getSecurityInfo } from '@/api/auth'
import { useAuth } from '@/stores/auth'
import { useT } from '@/i18n'
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../lib/validation'
import { Section } from './list/Section'
import { toastError } from '../lib/toasts'
import { useUnsavedChanges } from '@/lib/useUnsavedChanges'

function FormError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p className="field__error" id={id} role="alert">
      {message}
    </p>
  ) : null
}

function UsernameForm() {
  const ta = useT().admin
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

function PasswordForm() {
  const ta = useT().admin
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

function SecurityInfo() {
  const t = useT().admin.settings
  const query = useQuery(queryKeys.securityInfo, (signal) => getSecurityInfo({ signal }))
  return (
    <section className="admin-card" aria-labelledby="security-heading" data-testid="security-info">
      <h3 id="security-heading" className="admin-card__title">
        <ShieldCheck size={18} aria-hidden /> {t.securityHeading}
      </h3>
      {query.isPending ? (
        <Skeleton className="admin-list__skeleton" />
      ) : query.isError ? (
        <p role="alert" className="admin-muted">
          {t.securityFailed}
        </p>
      ) : (
        <ul className="admin-security">
          {(query.data?.items ?? []).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function SettingsTab() {
  const t = useT().admin
  return (
    <Section title={t.tabs.settings} id="admin-settings">
      <div className="admin-grid-2 admin-grid-2--top">
        <UsernameForm />
        <PasswordForm />
      </div>
      <SecurityInfo />
    </Section>
  )
}
