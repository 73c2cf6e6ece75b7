import type { Messages } from '../types'

export const teamErrors: Messages['teamErrors'] = {
  EMAIL_TAKEN: 'Diese E-Mail-Adresse wird bereits verwendet.',
  INVITE_PENDING: 'Für diese E-Mail-Adresse wartet schon eine Einladung. Senden Sie sie erneut.',
  USERNAME_TAKEN: 'Dieser Benutzername ist bereits vergeben.',
  PASSWORD_TOO_SHORT: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
  PASSWORD_TOO_LONG: 'Das Passwort darf höchstens 1024 Zeichen lang sein.',
  WRONG_CODE:
    'Dieser Code stimmt nicht. Verwenden Sie den aktuellen Code aus Ihrer App oder einen unbenutzten Wiederherstellungscode.',
  WRONG_CONFIRMATION: 'Dieses Passwort oder dieser Code stimmt nicht.',
  FORBIDDEN_ROLE: 'Ihre Rolle erlaubt das nicht: Sie können keine Rolle über Ihrer eigenen vergeben.',
  TWO_FACTOR_REQUIRED: 'Ihre Rolle verlangt die Zwei-Faktor-Anmeldung: Sie kann nicht ausgeschaltet werden.',
  TWO_FACTOR_EXPIRED: 'Ihre Anmeldung ist abgelaufen. Bitte geben Sie Ihr Passwort erneut ein.',
  TWO_FACTOR_FIRST: 'Schalten Sie zuerst die Zwei-Faktor-Anmeldung für Ihr eigenes Konto ein.',
  OWNER_ONLY: 'Nur der Eigentümer kann das ändern.',
  failed: 'Das hat nicht geklappt.',
}
