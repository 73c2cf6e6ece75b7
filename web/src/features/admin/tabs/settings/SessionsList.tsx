// The signed-in person's sessions (issue 46): device, address, last seen; end one, or every other.
import { Button } from '@/components'
import { errorMessage } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { toast } from '@/stores/toast'
import { endOtherSessions, endSession, listSessions } from '@/api/team'
import { ListState } from '../../components/list/ListState'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'

export function SessionsList() {
  const ts = texts.sessions
  const list = useQuery(['sessions'], (signal) => listSessions({ signal }).then((r) => r.items))
  async function act(what: () => Promise<unknown>) {
    try {
      await what()
      toast({ title: ts.ended })
      await list.refetch()
    } catch (err) {
      toast({ title: ts.ended, description: errorMessage(err, ''), variant: 'destructive' })
    }
  }
  return (
    <div className="admin-card" data-testid="sessions">
      <h3>{ts.heading}</h3>
      <ListState query={list} empty="">
        {(items) => (
          <ul className="admin-list">
            {items.map((s) => (
              <li key={s.id} data-testid="session">
                {s.device || '?'} · {s.ip} · {ts.signedIn} {localDateTime(s.signed_in_at, true)} ·{' '}
                {ts.lastSeen} {localDateTime(s.last_seen_at, true)}{' '}
                {s.current ? (
                  <strong>({ts.current})</strong>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => void act(() => endSession(s.id))}>
                    {ts.end}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <Button variant="outline" onClick={() => void act(() => endOtherSessions())}>
        {ts.endOthers}
      </Button>
    </div>
  )
}
