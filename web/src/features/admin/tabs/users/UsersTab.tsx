// The Users tab (issue 46, owners and admins): people with their role, two-factor state and last
// sign-in; change a role, disable or enable; invite by e-mail; resend or withdraw an invitation.
import { useState, type FormEvent } from 'react'
import { ROLES, mayManage, type Role } from '@site/contracts/role-table'
import type { TeamMember } from '@site/contracts'
import { Button, Input } from '@/components'
import { useT } from '@/i18n'
import { useQuery } from '@/lib/query'
import { teamErrorMessage } from '@/lib/teamErrors'
import { toast } from '@/stores/toast'
import { useAuth } from '@/stores/auth'
import { invite, listInvites, listUsers, resendInvite, revokeInvite, updateUser } from '@/api/team'
import { ListState } from '../../components/list/ListState'
import { AdminTable } from '../../components/list/AdminTable'
import { Choice, Field, FilterForm } from '../../components/list/FilterForm'
import { PagedList } from '../../components/list/PagedList'
import { TwoFactorPolicy } from './TwoFactorPolicy'
import { Section } from '../../components/list/Section'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'

const LANGS = ['nl', 'en', 'de'] as const
const PAGE_SIZE = 20

export function UsersTab() {
  const tu = texts.users
  const me = useAuth((s) => s.user)
  const myRole = (me?.role ?? 'owner') as Role
  const fail = useT().teamErrors
  const [page, setPage] = useState(1)
  const people = useQuery(['users', page], (signal) => listUsers(page, PAGE_SIZE, { signal }))
  const invites = useQuery(['invites'], (signal) => listInvites({ signal }).then((r) => r.items))
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('author')
  const [languages, setLanguages] = useState<string[]>([])
  const givable = ROLES.filter((r) => mayManage(myRole, r, r))

  async function act(what: () => Promise<unknown>, done: string) {
    try {
      await what()
      toast({ title: done })
      await Promise.all([people.refetch(), invites.refetch()])
    } catch (err) {
      toast({ title: tu.failed, description: teamErrorMessage(err, fail), variant: 'destructive' })
    }
  }
  const sendInvite = (e: FormEvent) => {
    e.preventDefault()
    void act(async () => {
      await invite({ email, role, ...(role === 'translator' ? { languages } : {}) })
      setEmail('')
    }, tu.invited)
  }
  const row = (u: TeamMember) => {
    const managed = mayManage(myRole, u.role)
    return (
      <tr key={u.id} data-testid="user-row">
        <td>{u.display_name ?? u.username}</td>
        <td>{u.email ?? ''}</td>
        <td>
          {managed ? (
            <select
              className="input"
              aria-label={`${tu.changeRole} ${u.username}`}
              value={u.role}
              onChange={(e) => void act(() => updateUser(u.id, { role: e.target.value as Role }), tu.saved)}
            >
              {givable.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          ) : (
            u.role
          )}
          {u.languages.length ? <span className="admin-muted"> ({u.languages.join(', ')})</span> : null}
        </td>
        <td>{u.two_factor ? tu.on : tu.off}</td>
        <td>{u.last_sign_in_at ? localDateTime(u.last_sign_in_at, true) : tu.never}</td>
        <td>
          {u.state}{' '}
          {managed ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void act(() => updateUser(u.id, { disabled: u.state !== 'disabled' }), tu.saved)}
            >
              {u.state === 'disabled' ? tu.enable : tu.disable}
            </Button>
          ) : null}
        </td>
      </tr>
    )
  }

  return (
    <Section title={tu.heading} id="admin-users">
      <p className="admin-muted">{tu.intro}</p>
      <PagedList
        query={people}
        empty={tu.empty}
        label={tu.pagerLabel}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
      >
        {(items) => (
          <AdminTable columns={Object.values(tu.columns)} testId="users-table">
            {items.map(row)}
          </AdminTable>
        )}
      </PagedList>
      <TwoFactorPolicy owner={myRole === 'owner'} />
      <h3>{tu.invitesHeading}</h3>
      <ListState query={invites} empty={tu.noInvites}>
        {(items) => (
          <ul className="admin-list" data-testid="invites">
            {items.map((i) => (
              <li key={i.id}>
                {i.email} · {i.role} ·{' '}
                {i.expired ? tu.expired : `${tu.expires} ${localDateTime(i.expires_at, true)}`}{' '}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void act(() => resendInvite(i.id), tu.resent)}
                >
                  {tu.resend}
                </Button>{' '}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void act(() => revokeInvite(i.id), tu.revoked)}
                >
                  {tu.revoke}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <h3>{tu.inviteHeading}</h3>
      <FilterForm label={tu.inviteHeading} submit={tu.invite} onSubmit={sendInvite}>
        <Field id="invite-email" label={tu.email}>
          <Input
            id="invite-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="invite-role" label={tu.role}>
          <Choice id="invite-role" value={role} values={givable} onChange={setRole} />
        </Field>
        {role === 'translator' ? (
          <fieldset>
            <legend>{tu.languages}</legend>
            {LANGS.map((l) => (
              <label key={l}>
                <input
                  type="checkbox"
                  checked={languages.includes(l)}
                  onChange={(e) =>
                    setLanguages((ls) => (e.target.checked ? [...ls, l] : ls.filter((x) => x !== l)))
                  }
                />{' '}
                {l}
              </label>
            ))}
          </fieldset>
        ) : null}
      </FilterForm>
    </Section>
  )
}
