// Shared words of the whole app (foundation; both web engineers may add keys, additively).
export const common = {
  loading: 'Laden...',
  close: 'Sluiten',
  cancel: 'Annuleren',
  // Closing a form (or leaving the page) with edits that are not saved
  unsavedChanges: {
    title: 'Wijzigingen niet opslaan?',
    text: 'Uw wijzigingen zijn nog niet opgeslagen. Als u doorgaat, gaan ze verloren.',
    keep: 'Verder bewerken',
    discard: 'Wijzigingen weggooien',
  },
  save: 'Opslaan',
  delete: 'Verwijderen',
  edit: 'Bewerken',
  back: 'Terug',
  skipToContent: 'Naar de inhoud',
  notFoundTitle: 'Pagina niet gevonden',
  notFoundText: 'Deze pagina bestaat niet (meer).',
  backHome: 'Terug naar de homepage',
  errorTitle: 'Er ging iets mis',
  errorText: 'Er ging iets mis. Probeer het opnieuw.',
  unavailableTitle: 'Tijdelijk niet beschikbaar',
  unavailableText: 'Deze pagina kan nu niet worden geladen. Probeer het over een minuut opnieuw.',
  retry: 'Opnieuw proberen',
  signInRequiredTitle: 'Inloggen vereist',
  signInRequiredText: 'Log in als beheerder om het dashboard te gebruiken.',
  companyName: 'Software & automatisering',
}
