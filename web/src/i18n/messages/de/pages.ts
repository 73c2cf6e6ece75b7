import type { Messages } from '../types'

export const pages: Messages['pages'] = {
  notFound: 'Seite nicht gefunden',
  notFoundText: 'Diese Seite existiert nicht oder ist nicht veröffentlicht.',
  loadError: 'Die Seite konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  backHome: 'Zurück zur Startseite',
  notInLanguage: 'Diese Seite ist (noch) nicht auf Deutsch verfügbar: Sie lesen die niederländische Fassung.',
  updated: (date: string) => `Aktualisiert am ${date}`,
}
