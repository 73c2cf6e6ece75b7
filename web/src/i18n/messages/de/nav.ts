import type { Messages } from '../types'

export const nav: Messages['nav'] = {
  methodology: 'Methodik',
  tools: 'Werkzeuge',
  blog: 'Blog',
  contact: 'Kontakt',
  edit: 'Bearbeiten',
  login: 'Anmelden',
  logout: 'Abmelden',
  language: 'Sprache',
  chooseLanguage: 'Sprache wählen',
  openMenu: 'Menü öffnen',
  closeMenu: 'Menü schließen',
  mainNavigation: 'Hauptnavigation',
  home: 'Zur Startseite',
  anchors: { methodology: 'methodik', tools: 'tools', contact: 'contact' },
}
