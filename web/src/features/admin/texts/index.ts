// The admin's texts, one catalog: the spec gives the dashboard one wording (English, with Dutch
// success toasts for blog, page and feature writes), shown as is in every site language. It lives
// with the admin, so it ships in the admin's chunk, not in the public pages' catalogs.
import { analytics } from './analytics'
import { blog, imports } from './blog'
import { chat } from './chat'
import { common } from './common'
import { content } from './content'
import { audit, conflict, history, preview, schedule } from './editorial'
import { editor } from './editor'
import { features } from './features'
import { inbox } from './inbox'
import { media } from './media'
import { pages } from './pages'
import { projects } from './projects'
import { settings } from './settings'
import { agency } from './agency'
import { translations } from './translations'
import { policy, sessions, twoFactor, users } from './users'

export const texts = {
  ...common,
  content,
  blog,
  imports,
  translations,
  pages,
  projects,
  features,
  media,
  editor,
  settings,
  agency,
  inbox,
  analytics,
  chat,
  history,
  conflict,
  preview,
  schedule,
  audit,
  users,
  sessions,
  twoFactor,
  policy,
}
export type AdminTexts = typeof texts
