// Chat widget (spec §2, §8): the conversation is Dutch in every site language (the chat language
// is sent fixed at nl, spec §9); the controls' labels, the disclosure and the rating follow the
// site language (issue 33: the visitor must understand they talk to an automated assistant).
export const chat = {
  title: 'Chat met ons',
  greeting: 'Hallo! Ik ben de digitale assistent. Waarmee kan ik u vandaag helpen?',
  online: 'Online - We helpen u graag!',
  placeholder: 'Typ uw bericht...',
  errorStatus: 'Sorry, ik kan momenteel geen verbinding maken. Probeer het later opnieuw.',
  errorUnreadable: 'Sorry, er ging iets mis met het verwerken van het antwoord.',
  errorNoResponse: 'Ik heb je bericht ontvangen. Een moment geduld alstublieft.',
  errorNetwork:
    'Sorry, er ging iets mis. Probeer het later opnieuw of neem contact op via het contactformulier.',
  open: 'Chat openen',
  close: 'Chat sluiten',
  send: 'Versturen',
  typing: 'De assistent typt...',
  messages: 'Chatberichten',
  you: 'U',
  bot: 'Assistent',
  /** The link for a page an answer cites, "contact form (open)". */
  openLink: 'openen',
  sources: 'Meer lezen:',
  // The disclosure above the first message (EU AI Act, art. 50): automated, may be wrong, a person.
  disclosure:
    'U chat met een geautomatiseerde assistent (AI), niet met een mens. Antwoorden kunnen onjuist of onvolledig zijn. We bewaren dit gesprek om onze antwoorden te verbeteren.',
  person: 'Liever iemand van ons team spreken?',
  personAction: 'Vraag een gratis adviesgesprek aan',
  // Thumbs up/down under each answer.
  rateQuestion: 'Was dit antwoord nuttig?',
  helpful: 'Nuttig',
  notHelpful: 'Niet nuttig',
  rated: 'Bedankt voor uw beoordeling.',
  rateFailed: 'Uw beoordeling is niet opgeslagen. Probeer het opnieuw.',
}
