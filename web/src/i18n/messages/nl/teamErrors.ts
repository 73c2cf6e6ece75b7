// The team's errors in the admin's language (issue 46), by the API's error `code`
// (features/auth/components/teamErrors.ts); any other error shows the server's message.
export const teamErrors = {
  EMAIL_TAKEN: 'Dit e-mailadres is al in gebruik.',
  INVITE_PENDING: 'Er wacht al een uitnodiging voor dit e-mailadres. Stuur die opnieuw.',
  USERNAME_TAKEN: 'Deze gebruikersnaam is al in gebruik.',
  PASSWORD_TOO_SHORT: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
  PASSWORD_TOO_LONG: 'Het wachtwoord mag hoogstens 1024 tekens lang zijn.',
  WRONG_CODE: 'Die code klopt niet. Gebruik de huidige code uit je app of een ongebruikte herstelcode.',
  WRONG_CONFIRMATION: 'Dat wachtwoord of die code klopt niet.',
  FORBIDDEN_ROLE: 'Je rol staat dit niet toe: je kunt geen rol boven je eigen rol geven.',
  TWO_FACTOR_REQUIRED: 'Je rol vereist tweestapsaanmelding: die kan niet uit.',
  TWO_FACTOR_EXPIRED: 'Je aanmelding is verlopen. Voer je wachtwoord opnieuw in.',
  TWO_FACTOR_FIRST: 'Zet eerst tweestapsaanmelding aan voor je eigen account.',
  OWNER_ONLY: 'Alleen de eigenaar kan dit wijzigen.',
  failed: 'Dat is niet gelukt.',
}
