import type { Messages } from '../types'
import { auth } from './auth'
import { blog } from './blog'
import { chat } from './chat'
import { common } from './common'
import { contact } from './contact'
import { home } from './home'
import { nav } from './nav'
import { pages } from './pages'
import { preview } from './preview'
import { projects } from './projects'
import { teamErrors } from './teamErrors'

export const de: Messages = {
  common,
  nav,
  home,
  contact,
  chat,
  auth,
  blog,
  projects,
  pages,
  preview,
  teamErrors,
}
