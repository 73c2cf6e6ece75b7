// A sign-in whose role requires two-factor sign-in, for an account without it (issue 46): the
// server gave no session yet, only this setup. A QR code (and the key as text), a code from the
// app turns it on; the ten recovery codes are shown once, and only "Continue" opens the admin.
import { useEffect, useState, type FormEvent } from 'react'
import QRCode from 'qrcode'
import { Button, Field, Input } from '@/components'
import { loginEnable, loginSetup } from '@/api/auth'
import { useT } from '@/i18n'
import { toast } from '@/stores/toast'
import { teamErrorMessage } from '@/lib/teamErrors'

export function SetupStep({ onDone }: { onDone: () => void }) {
  const t = useT().auth
  const fail = useT().teamErrors
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null)
  const [code, setCode] = useState('')
  const [codes, setCodes] = useState<string[] | null>(null)
  const [pending, setPending] = useState(false)

  useEffect(() => {
    let live = true
    loginSetup()
      .then(async (made) => {
        const qr = await QRCode.toDataURL(made.otpauth_url)
        if (live) setSetup({ secret: made.secret, qr })
      })
      .catch((err: unknown) =>
        toast({ title: t.loginFailed, description: teamErrorMessage(err, fail), variant: 'destructive' }),
      )
    return () => {
      live = false
    }
  }, [t, fail])

  async function enable(e: FormEvent) {
    e.preventDefault()
    if (pending || !code) return
    setPending(true)
    try {
      setCodes((await loginEnable(code)).recovery_codes)
    } catch (err) {
      toast({ title: t.loginFailed, description: teamErrorMessage(err, fail), variant: 'destructive' })
    } finally {
      setPending(false)
    }
  }

  if (codes)
    return (
      <div className="form-stack" data-testid="setup-codes">
        <p>{t.setupCodes}</p>
        <ul data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <Button onClick={onDone}>{t.setupContinue}</Button>
        </div>
      </div>
    )
  return (
    <form onSubmit={enable} className="form-stack" data-testid="setup-step">
      <p>{t.setupRequired}</p>
      {setup ? (
        <>
          <p>{t.setupScan}</p>
          <img src={setup.qr} alt="" width={200} height={200} />
          <code data-testid="totp-secret">{setup.secret}</code>
        </>
      ) : null}
      <Field label={t.setupCode} htmlFor="setup-code">
        <Input
          id="setup-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <div className="dialog-actions">
        <Button type="submit" disabled={pending || !setup}>
          {t.setupEnable}
        </Button>
      </div>
    </form>
  )
}
