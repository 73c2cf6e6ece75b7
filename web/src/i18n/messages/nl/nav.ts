// Top bar (spec §2 table). Anchors are the section ids of the home page per language.
export const nav = {
  methodology: 'Werkwijze',
  tools: 'Tools',
  blog: 'Blog',
  contact: 'Contact',
  edit: 'Bewerken',
  login: 'Inloggen',
  logout: 'Uitloggen',
  language: 'Taal',
  chooseLanguage: 'Kies een taal',
  openMenu: 'Menu openen',
  closeMenu: 'Menu sluiten',
  mainNavigation: 'Hoofdnavigatie',
  home: 'Naar de homepage',
  anchors: { methodology: 'werkwijze', tools: 'tools', contact: 'contact' },
}
