// Admin login dialog (spec §2 "Admin login dialog", §8). Mounted once in the root layout and
// opened with useDialogs().openDialog('login').
import { useState, type FormEvent } from 'react'
import { Button, Dialog, DialogContent, Field, Input } from '@/components'
import { errorMessage } from '@/lib/api'
import { useDialogs } from '@/stores/dialogs'
import { toast } from '@/stores/toast'
import { useT } from '@/i18n'
import { useAuth } from '@/stores/auth'

export function LoginDialog() {
  const t = useT().auth
  const open = useDialogs((s) => s.open.login)
  const setOpen = useDialogs((s) => s.setOpen)
  const login = useAuth((s) => s.login)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (pending || !username || !password) return
    setPending(true)
    try {
      await login({ username, password })
      toast({ title: t.loginSuccess, description: t.welcomeBack })
      setUsername('')
      setPassword('')
      setOpen('login', false)
    } catch (err) {
      toast({
        title: t.loginFailed,
        description: errorMessage(err, t.invalidCredentials),
        variant: 'destructive',
      })
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => setOpen('login', o)}>
      <DialogContent title={t.loginTitle} size="sm">
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
          <div className="dialog-actions">
            <Button type="button" variant="outline" onClick={() => setOpen('login', false)}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t.loggingIn : t.login}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
