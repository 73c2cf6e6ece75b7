// Which roles must use two-factor sign-in (issue 46): the owner ticks them; admins see them.
import { useEffect, useState, type FormEvent } from 'react'
import { ROLES, type Role } from '@site/contracts/role-table'
import { Button } from '@/components'
import { useT } from '@/i18n'
import { useQuery } from '@/lib/query'
import { teamErrorMessage } from '@/lib/teamErrors'
import { toast } from '@/stores/toast'
import { getPolicy, setPolicy } from '@/api/team'
import { texts } from '../../texts'

export function TwoFactorPolicy({ owner }: { owner: boolean }) {
  const tp = texts.policy
  const fail = useT().teamErrors
  const policy = useQuery(['team-policy'], (signal) => getPolicy({ signal }))
  const [roles, setRoles] = useState<Role[]>([])
  useEffect(() => {
    if (policy.data) setRoles(policy.data.require_two_factor as Role[])
  }, [policy.data])

  async function save(e: FormEvent) {
    e.preventDefault()
    try {
      await setPolicy({ require_two_factor: roles })
      toast({ title: tp.saved })
      await policy.refetch()
    } catch (err) {
      toast({ title: texts.users.failed, description: teamErrorMessage(err, fail), variant: 'destructive' })
    }
  }

  return (
    <form onSubmit={save} className="admin-audit__filters" data-testid="two-factor-policy">
      <fieldset>
        <legend>{tp.heading}</legend>
        <p className="admin-muted">{owner ? tp.intro : `${tp.intro} ${tp.ownerOnly}`}</p>
        {ROLES.map((r) => (
          <label key={r}>
            <input
              type="checkbox"
              disabled={!owner}
              checked={roles.includes(r)}
              onChange={(e) => setRoles((rs) => (e.target.checked ? [...rs, r] : rs.filter((x) => x !== r)))}
            />{' '}
            {r}
          </label>
        ))}
      </fieldset>
      {owner ? <Button type="submit">{tp.save}</Button> : null}
    </form>
  )
}
