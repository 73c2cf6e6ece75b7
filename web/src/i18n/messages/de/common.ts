import type { Messages } from '../types'

export const common: Messages['common'] = {
  loading: 'Laden...',
  close: 'Schließen',
  cancel: 'Abbrechen',
  save: 'Speichern',
  delete: 'Löschen',
  edit: 'Bearbeiten',
  back: 'Zurück',
  skipToContent: 'Zum Inhalt springen',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Diese Seite existiert nicht (mehr).',
  backHome: 'Zurück zur Startseite',
  errorTitle: 'Etwas ist schief gelaufen',
  errorText: 'Etwas ist schief gelaufen. Bitte versuchen Sie es erneut.',
  unavailableTitle: 'Vorübergehend nicht verfügbar',
  unavailableText: 'Diese Seite kann gerade nicht geladen werden. Bitte versuchen Sie es in einer Minute erneut.',
  retry: 'Erneut versuchen',
  signInRequiredTitle: 'Anmeldung erforderlich',
  signInRequiredText: 'Melden Sie sich als Administrator an, um das Dashboard zu nutzen.',
  companyName: 'Software & Automatisierung',
}
