// Two-factor sign-in (issue 46): a new secret shown as a QR code (and as text), turned on with a
// code from the app; the ten recovery codes are shown once.
import { useState, type FormEvent } from 'react'
import QRCode from 'qrcode'
import { Button, Input, Label } from '@/components'
import { useT } from '@/i18n'
import { teamErrorMessage } from '@/lib/teamErrors'
import { toast } from '@/stores/toast'
import { useAuth } from '@/stores/auth'
import { enableTwoFactor, setupTwoFactor } from '@/api/team'
import { texts } from '../../texts'
import { TwoFactorOn } from './TwoFactorOn'

export function TwoFactorForm({ on }: { on: boolean }) {
  const t2 = texts.twoFactor
  const fail = useT().teamErrors
  const refresh = useAuth((s) => s.refresh)
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null)
  const [code, setCode] = useState('')
  const [codes, setCodes] = useState<string[] | null>(null)

  async function start() {
    try {
      const made = await setupTwoFactor()
      setSetup({ secret: made.secret, qr: await QRCode.toDataURL(made.otpauth_url) })
    } catch (err) {
      toast({ title: t2.failed, description: teamErrorMessage(err, fail), variant: 'destructive' })
    }
  }
  async function enable(e: FormEvent) {
    e.preventDefault()
    try {
      setCodes((await enableTwoFactor(code)).recovery_codes)
      setSetup(null)
      setCode('')
      await refresh()
    } catch (err) {
      toast({ title: t2.failed, description: teamErrorMessage(err, fail), variant: 'destructive' })
    }
  }

  return (
    <div className="admin-card" data-testid="two-factor">
      <h3>{t2.heading}</h3>
      {codes ? (
        <>
          <p>{t2.codesIntro}</p>
          <Button variant="outline" size="sm" onClick={() => setCodes(null)}>
            {t2.codesDone}
          </Button>
          <ul data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </>
      ) : setup ? (
        <form onSubmit={enable} className="form-stack">
          <p>{t2.scan}</p>
          <img src={setup.qr} alt="" width={200} height={200} />
          <code data-testid="totp-secret">{setup.secret}</code>
          <Label htmlFor="totp-code">{t2.code}</Label>
          <Input
            id="totp-code"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit">{t2.enable}</Button>
        </form>
      ) : on ? (
        <TwoFactorOn onCodes={setCodes} />
      ) : (
        <>
          <p>{t2.isOff}</p>
          <Button onClick={() => void start()}>{t2.start}</Button>
        </>
      )}
    </div>
  )
}
