// The pages an e-mail link opens (issue 46): an invitation (/admin/invite/:token: whom it is for,
// then a display name and password make the account and sign it in) and a password reset
// (/admin/reset/:token). A link that no longer works gets the server's reason, not an error page.
import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, Field, Input } from '@/components'
import { errorMessage } from '@/lib/api'
import { acceptInvite, openInvite, setPasswordWithLink } from '@/api/team'
import { useAuth } from '@/stores/auth'
import { useT } from '@/i18n'
import { teamErrorMessage } from '@/lib/teamErrors'
import { SetupStep } from './SetupStep'
import type { InvitationView } from '@site/contracts'

const TEXT = {
  inviteTitle: 'Join the website team',
  inviteFor: (v: InvitationView) => `${v.invited_by} invites ${v.email} as ${v.role}.`,
  displayName: 'Your name (shown as the author of your posts)',
  password: 'Choose a password (at least 8 characters)',
  accept: 'Create my account',
  resetTitle: 'Choose a new password',
  newPassword: 'New password (at least 8 characters)',
  save: 'Save password',
  resetDone: 'Your password is set. Sign in with it.',
  loading: 'Loading…',
  failed: 'That did not work',
}

export function InvitePage() {
  const token = useParams().token ?? ''
  const navigate = useNavigate()
  const signedIn = useAuth((s) => s.signedIn)
  const fail = useT().teamErrors
  // The invited role requires two-factor sign-in: its setup before the admin.
  const [setup, setSetup] = useState(false)
  const [view, setView] = useState<InvitationView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  useEffect(() => {
    openInvite(token).then(setView, (err: unknown) => setProblem(errorMessage(err, TEXT.failed)))
  }, [token])
  async function submit(e: FormEvent) {
    e.preventDefault()
    try {
      const answer = await acceptInvite(token, { display_name: name, password })
      if ('two_factor_setup_required' in answer) return setSetup(true)
      await enterAdmin()
    } catch (err) {
      setProblem(teamErrorMessage(err, fail))
    }
  }
  async function enterAdmin() {
    await signedIn()
    void navigate('/admin')
  }
  return (
    <div className="container page page--center" data-testid="invite-page">
      <h1 className="page__title">{TEXT.inviteTitle}</h1>
      {problem ? (
        <p role="alert" data-testid="link-problem">
          {problem}
        </p>
      ) : null}
      {!view && !problem ? <p>{TEXT.loading}</p> : null}
      {setup ? <SetupStep onDone={() => void enterAdmin()} /> : null}
      {view && !setup ? (
        <form onSubmit={submit} className="form-stack">
          <p>{TEXT.inviteFor(view)}</p>
          <Field label={TEXT.displayName} htmlFor="invite-name">
            <Input id="invite-name" required value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label={TEXT.password} htmlFor="invite-password">
            <Input
              id="invite-password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Button type="submit">{TEXT.accept}</Button>
        </form>
      ) : null}
    </div>
  )
}

export function ResetPage() {
  const token = useParams().token ?? ''
  const [password, setPassword] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const fail = useT().teamErrors
  async function submit(e: FormEvent) {
    e.preventDefault()
    try {
      await setPasswordWithLink(token, password)
      setMessage(TEXT.resetDone)
    } catch (err) {
      setMessage(teamErrorMessage(err, fail))
    }
  }
  return (
    <div className="container page page--center" data-testid="reset-page">
      <h1 className="page__title">{TEXT.resetTitle}</h1>
      {message ? (
        <p role="alert" data-testid="link-problem">
          {message}
        </p>
      ) : null}
      <form onSubmit={submit} className="form-stack">
        <Field label={TEXT.newPassword} htmlFor="reset-password">
          <Input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit">{TEXT.save}</Button>
      </form>
    </div>
  )
}
