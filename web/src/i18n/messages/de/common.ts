import type { Messages } from '../types'

export const common: Messages['common'] = {
  loading: 'Laden...',
  close: 'Schließen',
  cancel: 'Abbrechen',
  // Closing a form (or leaving the page) with edits that are not saved
  unsavedChanges: {
    title: 'Ungespeicherte Änderungen verwerfen?',
    text: 'Ihre Änderungen sind noch nicht gespeichert. Wenn Sie fortfahren, gehen sie verloren.',
    keep: 'Weiter bearbeiten',
    discard: 'Änderungen verwerfen',
  },
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
  unavailableText:
    'Diese Seite kann gerade nicht geladen werden. Bitte versuchen Sie es in einer Minute erneut.',
  retry: 'Erneut versuchen',
  signInRequiredTitle: 'Anmeldung erforderlich',
  signInRequiredText: 'Melden Sie sich als Administrator an, um das Dashboard zu nutzen.',
  companyName: 'Software & Automatisierung',
}
