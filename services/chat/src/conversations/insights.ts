import type { Connection } from 'mongoose'
import type { ChatFeedbackSummary, ChatUnansweredList, ChatUnansweredQuestion } from '@site/contracts'
import { turnModel, type TurnDoc } from '../models/turn.js'
import { mondayOf, utcDay } from './questions.js'

export interface Insights {
  /** Questions the site could not answer (nothing found, or the answer marked unhelpful), most asked first. */
  unanswered(page: number, pageSize: number): Promise<ChatUnansweredList>
  /** Answers and their ratings week by week over the last `days` days. */
  feedback(days: number, now?: Date): Promise<ChatFeedbackSummary>
}

/** A question counts as unanswered when retrieval found nothing or its answer was rated unhelpful. */
const UNANSWERED = { role: 'user' as const, $or: [{ notFound: true }, { unhelpful: true }] }

const DAY_MS = 24 * 3600 * 1000

export function createInsights(db: Connection): Insights {
  const Turn = turnModel(db)

  /** One group: its latest asking (wording, time, conversation) and how its askings divide. */
  async function describe(key: string, count: number): Promise<ChatUnansweredQuestion | null> {
    const filter = { ...UNANSWERED, questionKey: key }
    const [latest, rows] = await Promise.all([
      Turn.findOne(filter, { text: 1, at: 1, sessionId: 1 }).sort({ at: -1, _id: -1 }).lean<TurnDoc>(),
      Turn.aggregate<{ _id: { nf?: boolean; uh?: boolean; l: string }; n: number }>([
        { $match: filter },
        { $group: { _id: { nf: '$notFound', uh: '$unhelpful', l: '$language' }, n: { $sum: 1 } } },
      ]),
    ])
    if (!latest) return null // swept or erased between the two reads
    const languages = new Map<string, number>()
    let notFound = 0
    let unhelpful = 0
    for (const { _id, n } of rows) {
      if (_id.nf === true) notFound += n
      if (_id.uh === true) unhelpful += n
      languages.set(_id.l, (languages.get(_id.l) ?? 0) + n)
    }
    return {
      key,
      question: latest.text,
      count,
      notFound,
      unhelpful,
      languages: [...languages.entries()].sort((a, b) => b[1] - a[1]).map(([l]) => l),
      lastAt: latest.at.toISOString(),
      sessionId: latest.sessionId,
    }
  }

  return {
    async unanswered(page, pageSize) {
      // FerretDB's $group sums and counts, nothing else: the groups first, then each shown one described.
      const [groups, counted] = await Promise.all([
        Turn.aggregate<{ _id: string; count: number }>([
          { $match: UNANSWERED },
          { $group: { _id: '$questionKey', count: { $sum: 1 } } },
          { $sort: { count: -1, _id: 1 } },
          { $skip: (page - 1) * pageSize },
          { $limit: pageSize },
        ]),
        Turn.aggregate<{ n: number }>([
          { $match: UNANSWERED },
          { $group: { _id: '$questionKey' } },
          { $count: 'n' },
        ]),
      ])
      const items = await Promise.all(groups.map((g) => describe(g._id, g.count)))
      return {
        items: items.filter((i): i is ChatUnansweredQuestion => i !== null),
        page,
        pageSize,
        total: counted[0]?.n ?? 0,
      }
    },

    async feedback(days, now = new Date()) {
      const from = utcDay(new Date(now.getTime() - (days - 1) * DAY_MS))
      const rows = await Turn.aggregate<{ _id: { d: string; h?: boolean | null }; n: number }>([
        { $match: { role: 'assistant', day: { $gte: from } } },
        { $group: { _id: { d: '$day', h: '$helpful' }, n: { $sum: 1 } } },
      ])
      const weeks = new Map<string, { rated: number; helpful: number }>()
      for (let w = mondayOf(from); w <= utcDay(now); w = utcDay(new Date(Date.parse(w) + 7 * DAY_MS)))
        weeks.set(w, { rated: 0, helpful: 0 })
      let answers = 0
      for (const { _id, n } of rows) {
        answers += n
        const week = weeks.get(mondayOf(_id.d))
        if (!week || typeof _id.h !== 'boolean') continue
        week.rated += n
        if (_id.h) week.helpful += n
      }
      const list = [...weeks.entries()].map(([week, c]) => ({ week, ...c }))
      return {
        days,
        answers,
        rated: list.reduce((s, w) => s + w.rated, 0),
        helpful: list.reduce((s, w) => s + w.helpful, 0),
        weeks: list,
      }
    },
  }
}
