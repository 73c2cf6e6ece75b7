// Settings tab (spec §2, §5, §8, §9): change username, change password, the display name (the
// public byline of the admin's posts), and the security information the auth service reports.
import { Section } from '../../components/list/Section'
import { PasswordForm } from './PasswordForm'
import { SecurityInfo } from './SecurityInfo'
import { UsernameForm } from './UsernameForm'
import { DisplayNameForm } from './DisplayNameForm'
import { texts } from '../../texts'
import { SessionsList } from './SessionsList'
import { TwoFactorForm } from './TwoFactorForm'
import { useAuth } from '@/stores/auth'

export function SettingsTab() {
  const t = texts
  const me = useAuth((s) => s.user)
  const on = Boolean(me?.two_factor)
  return (
    <Section title={t.tabs.settings} id="admin-settings">
      <div className="admin-grid-2 admin-grid-2--top">
        <UsernameForm />
        <PasswordForm />
        <DisplayNameForm />
        <TwoFactorForm on={on} />
        <SessionsList />
      </div>
      <SecurityInfo />
    </Section>
  )
}
