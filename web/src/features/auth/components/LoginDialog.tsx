// Admin login dialog (spec §2 "Admin login dialog", §8). Mounted once in the root layout and
// opened with useDialogs().openDialog('login').
import { useState, type FormEvent } from 'react'
import { Button, Dialog, DialogContent, Field, Input } from '@/components'
import { errorMessage } from '@/lib/api'
import { returnFocus, useDialogs } from '@/stores/dialogs'
import { toast } from '@/stores/toast'
import { useT } from '@/i18n'
import { teamErrorMessage } from '@/lib/teamErrors'
import { useAuth } from '@/stores/auth'
import { SetupStep } from './SetupStep'

export function LoginDialog() {
  const t = useT().auth
  const fail = useT().teamErrors
  const open = useDialogs((s) => s.open.login)
  const setOpen = useDialogs((s) => s.setOpen)
  const login = useAuth((s) => s.login)
  const secondFactor = useAuth((s) => s.secondFactor)
  const signedIn = useAuth((s) => s.signedIn)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  // The password, then a code where the account has 2FA, or the setup first where the role
  // requires 2FA and the account has none.
  const [step, setStep] = useState<'password' | 'code' | 'setup'>('password')
  const askCode = step === 'code'
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (pending || !username || !password || (askCode && !code)) return
    setPending(true)
    try {
      if (askCode) await secondFactor(code)
      else {
        const answer = await login({ username, password })
        if (answer === 'two-factor' || answer === 'setup') {
          setStep(answer === 'setup' ? 'setup' : 'code')
          return
        }
      }
      done()
    } catch (err) {
      toast({
        title: t.loginFailed,
        description: askCode ? teamErrorMessage(err, fail) : errorMessage(err, t.invalidCredentials),
        variant: 'destructive',
      })
    } finally {
      setPending(false)
    }
  }
  function done() {
    setStep('password')
    setCode('')
    toast({ title: t.loginSuccess, description: t.welcomeBack })
    setUsername('')
    setPassword('')
    setOpen('login', false)
  }
  async function afterSetup() {
    await signedIn()
    done()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen('login', o)
        // Closed during the setup: signed in only if 2FA was turned on by then.
        if (!o && step === 'setup') {
          setStep('password')
          void signedIn()
        }
      }}
    >
      <DialogContent onCloseAutoFocus={returnFocus('login')} title={t.loginTitle} size="sm">
        {step === 'setup' ? (
          <SetupStep onDone={() => void afterSetup()} />
        ) : (
          <form onSubmit={onSubmit} className="form-stack">
            <Field label={t.username} htmlFor="login-username">
              <Input
                id="login-username"
                name="username"
                autoComplete="username"
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </Field>
            <Field label={t.password} htmlFor="login-password">
              <Input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            {askCode ? (
              <Field label={t.code} htmlFor="login-code">
                <Input
                  id="login-code"
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="text"
                  required
                  autoFocus
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </Field>
            ) : null}
            <div className="dialog-actions">
              <Button type="button" variant="outline" onClick={() => setOpen('login', false)}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? t.loggingIn : t.login}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
