// The security information the auth service reports about itself (hashing, sessions, limits).
import { ShieldCheck } from 'lucide-react'
import { Skeleton } from '@/components'
import { getSecurityInfo } from '@/api/auth'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { texts } from '../../texts'

export function SecurityInfo() {
  const t = texts.settings
  const query = useQuery(queryKeys.securityInfo, (signal) => getSecurityInfo({ signal }))
  return (
    <section className="admin-card" aria-labelledby="security-heading" data-testid="security-info">
      <h3 id="security-heading" className="admin-card__title">
        <ShieldCheck size={18} aria-hidden /> {t.securityHeading}
      </h3>
      {query.isPending ? (
        <Skeleton className="admin-list__skeleton" />
      ) : query.isError ? (
        <p role="alert" className="admin-muted">
          {t.securityFailed}
        </p>
      ) : (
        <ul className="admin-security">
          {(query.data?.items ?? []).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
