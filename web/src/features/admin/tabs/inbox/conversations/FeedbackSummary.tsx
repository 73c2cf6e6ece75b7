// The share of helpful answers over time: the visitors' thumbs, week by week over the kept period
// (GET /api/chat/feedback), as a table with a meter per week.
import { getChatFeedback } from '@/api/chat'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { texts } from '../../../texts'
import { useWhen } from './useWhen'

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0)

export function FeedbackSummary() {
  const t = texts.chat.feedback
  const when = useWhen()
  const query = useQuery(queryKeys.chat.feedback, (signal) => getChatFeedback(signal))
  const f = query.data
  if (!f) return null
  const weeks = f.weeks.filter((w) => w.rated > 0)
  return (
    <section className="admin-feedback" aria-labelledby="admin-feedback-heading" data-testid="chat-feedback">
      <h3 id="admin-feedback-heading" className="admin-feedback__title">
        {t.heading}
        {f.rated ? `: ${percent(f.helpful, f.rated)}%` : null}
      </h3>
      <p className="admin-muted">
        {f.rated ? t.summary(f.helpful, f.rated, f.answers, f.days) : t.noRatings(f.answers, f.days)}
      </p>
      {weeks.length ? (
        <table className="admin-feedback__table">
          <caption className="sr-only">{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.week}</th>
              <th scope="col">{t.rated}</th>
              <th scope="col">{t.helpful}</th>
              <th scope="col">{t.share}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">
                  <time dateTime={w.week}>{when(`${w.week}T12:00:00Z`, 'day')}</time>
                </th>
                <td>{w.rated}</td>
                <td>{w.helpful}</td>
                <td>
                  <meter min={0} max={100} value={percent(w.helpful, w.rated)} aria-hidden="true" />{' '}
                  {percent(w.helpful, w.rated)}%
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
