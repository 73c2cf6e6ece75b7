import type { Messages } from '../types'

export const nav: Messages['nav'] = {
  methodology: 'Methodology',
  tools: 'Tools',
  blog: 'Blog',
  contact: 'Contact',
  edit: 'Edit',
  login: 'Login',
  logout: 'Logout',
  language: 'Language',
  chooseLanguage: 'Choose a language',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  mainNavigation: 'Main navigation',
  home: 'To the home page',
  anchors: { methodology: 'methodology', tools: 'tools', contact: 'contact' },
}
