// Settings tab (spec §2, §5, §8, §9): change username, change password, and the security
// information the auth service reports about itself.
import { Section } from '../../components/list/Section'
import { PasswordForm } from './PasswordForm'
import { SecurityInfo } from './SecurityInfo'
import { UsernameForm } from './UsernameForm'
import { texts } from '../../texts'

export function SettingsTab() {
  const t = texts
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
