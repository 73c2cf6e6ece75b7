// Settings tab: the admin's display name, the public byline of their posts (the login name never
// is; docs/security.md, "Public names"). Empty means the site's name.
import { useEffect, useState, type FormEvent } from 'react'
import { DEFAULT_BYLINE, DISPLAY_NAME_MAX } from '@site/contracts/rules'
import { Button, Field, Input } from '@/components'
import { toast } from '@/stores/toast'
import { changeDisplayName } from '@/api/auth'
import { useAuth } from '@/stores/auth'
import { useUnsavedChanges } from '@/lib/useUnsavedChanges'
import { toastError } from '../../lib/toasts'
import { FormError } from './FormError'
import { texts } from '../../texts'

export function DisplayNameForm() {
  const ta = texts
  const t = ta.settings
  const username = useAuth((s) => s.user?.username ?? '')
  const stored = useAuth((s) => s.user?.display_name ?? '')
  const refresh = useAuth((s) => s.refresh)
  const [name, setName] = useState(stored)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setName(stored), [stored])
  useUnsavedChanges(name.trim() !== stored)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The server refuses it too; checked here so the admin reads why without a round trip.
    const problem = name.trim().toLowerCase() === username.toLowerCase() ? t.displayNameIsUsername : null
    setError(problem)
    if (problem) {
      toast({ title: ta.error, description: problem, variant: 'destructive' })
      return
    }
    setPending(true)
    try {
      await changeDisplayName({ displayName: name.trim() })
      toast({ title: t.success, description: t.displayNameUpdated })
      await refresh()
    } catch (err) {
      toastError(ta.error, err, t.displayNameFailed)
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="form-stack admin-card"
      aria-labelledby="display-name-heading"
      data-testid="display-name-form"
    >
      <h3 id="display-name-heading" className="admin-card__title">
        {t.displayNameHeading}
      </h3>
      <Field
        label={t.displayName}
        htmlFor="settings-display-name"
        hint={t.displayNameHint(DEFAULT_BYLINE)}
        counter={{ value: name.trim().length, max: DISPLAY_NAME_MAX }}
      >
        <Input
          id="settings-display-name"
          autoComplete="name"
          placeholder={DEFAULT_BYLINE}
          value={name}
          disabled={pending}
          aria-describedby={error ? 'display-name-form-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <FormError id="display-name-form-error" message={error} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t.updating : t.updateDisplayName}
        </Button>
      </div>
    </form>
  )
}
