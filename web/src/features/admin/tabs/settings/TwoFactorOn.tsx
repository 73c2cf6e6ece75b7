// Two-factor sign-in is on (issue 46): new recovery codes (the old ones stop working) or turning
// it off, each confirmed with the password or a current code from the app (six digits).
import { useState, type FormEvent } from 'react'
import { Button, Input, Label } from '@/components'
import { useT } from '@/i18n'
import { teamErrorMessage } from '@/lib/teamErrors'
import { toast } from '@/stores/toast'
import { useAuth } from '@/stores/auth'
import { disableTwoFactor, newRecoveryCodes, type TwoFactorConfirm } from '@/api/team'
import { texts } from '../../texts'

export function TwoFactorOn({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const t2 = texts.twoFactor
  const fail = useT().teamErrors
  const refresh = useAuth((s) => s.refresh)
  const [confirm, setConfirm] = useState('')
  const body = (): TwoFactorConfirm =>
    /^\d{6}$/.test(confirm.trim()) ? { code: confirm.trim() } : { password: confirm }

  async function run(what: 'codes' | 'off') {
    try {
      if (what === 'codes') onCodes((await newRecoveryCodes(body())).recovery_codes)
      else {
        await disableTwoFactor(body())
        toast({ title: t2.turnedOff })
        await refresh()
      }
      setConfirm('')
    } catch (err) {
      toast({ title: t2.failed, description: teamErrorMessage(err, fail), variant: 'destructive' })
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void run('codes')
  }

  return (
    <form onSubmit={submit} className="form-stack" aria-label={t2.heading}>
      <p>{t2.isOn}</p>
      <Label htmlFor="totp-confirm">{t2.confirm}</Label>
      <Input
        id="totp-confirm"
        type="password"
        autoComplete="current-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <div className="dialog-actions">
        <Button type="submit">{t2.newCodes}</Button>
        <Button type="button" variant="outline" disabled={!confirm} onClick={() => void run('off')}>
          {t2.turnOff}
        </Button>
      </div>
    </form>
  )
}
