// Chat widget (spec §2, §8): the conversation is Dutch in every site language (the chat language
// is sent fixed at nl, spec §9); only the controls' accessible labels follow the site language.
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
  sources: 'Meer lezen:',
}
