import type { Locale } from '@site/contracts'

/** The retrieval mode's fixed sentences, per language. */
export const TEXTS: Record<
  Locale,
  {
    found: string
    nothing: string
    scope: string
    ask: string
    next: string
    handoff: string
    greeting: string
    latest: string
    tooLong: (max: number) => string
    empty: string
    slowDown: string
  }
> = {
  nl: {
    found: 'Dit vind ik op onze website over uw vraag:',
    nothing: 'Daar kan ik op onze website helaas geen antwoord op vinden.',
    scope:
      'Ik beantwoord vragen over onze werkwijze, het gratis MVP-aanbod, onze projecten en blogartikelen.',
    ask: 'Heeft u een vraag over uw eigen project? Vraag een gratis adviesgesprek aan via het contactformulier ({url}); we reageren binnen 24 uur.',
    next: 'Wilt u dit voor uw eigen situatie bespreken? Vraag een gratis adviesgesprek aan via het contactformulier ({url}); we reageren binnen 24 uur.',
    handoff:
      'Voor een offerte, een prijsindicatie of een gesprek kunt u het beste een gratis adviesgesprek aanvragen via het contactformulier ({url}). We reageren binnen 24 uur.',
    greeting:
      'Hallo! Ik beantwoord graag uw vragen over onze werkwijze, het gratis MVP-aanbod, onze projecten en blogartikelen. Waar kan ik u mee helpen?',
    latest: 'Onze nieuwste blogartikelen:',
    tooLong: (max) => `Uw bericht is te lang. Houd het alstublieft onder de ${max} tekens.`,
    empty: 'Typ eerst een bericht.',
    slowDown: 'U stuurt te veel berichten achter elkaar. Wacht even en probeer het dan opnieuw.',
  },
  en: {
    found: 'Here is what our website says about your question:',
    nothing: "I'm sorry, I can't find an answer to that on our website.",
    scope: 'I answer questions about our methodology, the free MVP offer, our projects and blog posts.',
    ask: 'Do you have a question about your own project? Request a free consultation through the contact form ({url}); we reply within 24 hours.',
    next: 'Would you like to discuss your own situation? Request a free consultation through the contact form ({url}); we reply within 24 hours.',
    handoff:
      'For a quote, a price estimate or a call, the best next step is a free consultation: use the contact form ({url}). We reply within 24 hours.',
    greeting:
      'Hello! I am happy to answer your questions about our methodology, the free MVP offer, our projects and blog posts. How can I help you?',
    latest: 'Our latest blog posts:',
    tooLong: (max) => `Your message is too long. Please keep it under ${max} characters.`,
    empty: 'Please type a message first.',
    slowDown: 'You are sending messages too quickly. Please wait a moment and try again.',
  },
  de: {
    found: 'Das finde ich auf unserer Website zu Ihrer Frage:',
    nothing: 'Darauf finde ich auf unserer Website leider keine Antwort.',
    scope:
      'Ich beantworte Fragen zu unserer Methodik, dem kostenlosen MVP-Angebot, unseren Projekten und Blogartikeln.',
    ask: 'Haben Sie eine Frage zu Ihrem eigenen Projekt? Fordern Sie über das Kontaktformular ({url}) eine kostenlose Beratung an; wir antworten innerhalb von 24 Stunden.',
    next: 'Möchten Sie Ihre eigene Situation besprechen? Fordern Sie über das Kontaktformular ({url}) eine kostenlose Beratung an; wir antworten innerhalb von 24 Stunden.',
    handoff:
      'Für ein Angebot, eine Preisschätzung oder ein Gespräch fordern Sie am besten eine kostenlose Beratung über das Kontaktformular ({url}) an. Wir antworten innerhalb von 24 Stunden.',
    greeting:
      'Hallo! Gerne beantworte ich Ihre Fragen zu unserer Methodik, dem kostenlosen MVP-Angebot, unseren Projekten und Blogartikeln. Wie kann ich Ihnen helfen?',
    latest: 'Unsere neuesten Blogartikel:',
    tooLong: (max) => `Ihre Nachricht ist zu lang. Bitte bleiben Sie unter ${max} Zeichen.`,
    empty: 'Bitte geben Sie zuerst eine Nachricht ein.',
    slowDown:
      'Sie senden zu viele Nachrichten hintereinander. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  },
}

/** Visitor wants a quote, a price, a call or a meeting: the consultation form is the answer. */
export const HANDOFF =
  /\b(offerte|prijs|prijzen|kost|kosten|tarief|tarieven|budget|bellen|bel|telefonisch|afspraak|gesprek|quote|quotation|price|prices|pricing|cost|costs|rate|rates|call|phone|meeting|appointment|hire|angebot|preis|preise|kosten|kostet|anruf|anrufen|termin|beratung)\b/i

const GREETING =
  /^\s*(hallo|hoi|hey|hi|hello|goedemorgen|goedemiddag|goedenavond|goedendag|good (morning|afternoon|evening)|guten (tag|morgen|abend)|moin|servus)\b[\s!.,?]*$/i
export const isGreeting = (message: string) => GREETING.test(message)

export const ASKS_BLOG = /\b(blog|blogs|artikel|artikelen|article|articles|posts?|beitr(a|ä)ge?)\b/i

export const ABOUT =
  /\b(wat doen jullie|wie zijn jullie|wat (is|zijn) (dit|jullie)|wat bieden jullie|jullie diensten|over jullie|what do you (do|offer)|who are you|what (is|are) (this|you)|your services|about (you|your company)|was (macht|machen|bietet|bieten) (ihr|sie)|wer (seid ihr|sind sie)|ihre leistungen)\b/i

/** "Thanks", "ok": not a question, so never an unanswered one. */
const ACKNOWLEDGEMENT =
  /^\s*((heel |hartelijk |vielen |many |thank you|thanks?( you)?|dank( je| u)?( wel)?|bedankt|dankjewel|dankuwel|danke( schön| sehr)?|ok(é|ay)?|oke|prima|top|super|perfect|perfekt|great|cool|alles klar)[\s!.,]*)+$/i
export const isAcknowledgement = (message: string) => ACKNOWLEDGEMENT.test(message)
