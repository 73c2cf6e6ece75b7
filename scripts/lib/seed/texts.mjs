// The demo site's words: topics a small software and automation company writes about, in Dutch and
// English (German for every third post), combined into as many distinct posts as asked for. Each
// post has a stable slug from its number, which is how a second run knows it is there already.

const TOPICS = [
  {
    tag: 'automation',
    nl: [
      'Facturen automatisch verwerken',
      'Van PDF tot boeking zonder handwerk',
      'Wat we leerden van duizend facturen',
    ],
    en: [
      'Processing invoices automatically',
      'From PDF to ledger without manual work',
      'What a thousand invoices taught us',
    ],
    de: [
      'Rechnungen automatisch verarbeiten',
      'Vom PDF zur Buchung ohne Handarbeit',
      'Was uns tausend Rechnungen lehrten',
    ],
  },
  {
    tag: 'ai',
    nl: [
      'Een chatbot die uw eigen documenten kent',
      'Taalmodellen in de praktijk',
      'Wanneer AI geen goed idee is',
    ],
    en: [
      'A chatbot that knows your own documents',
      'Language models in practice',
      'When AI is not a good idea',
    ],
    de: [
      'Ein Chatbot, der Ihre Dokumente kennt',
      'Sprachmodelle in der Praxis',
      'Wann KI keine gute Idee ist',
    ],
  },
  {
    tag: 'web',
    nl: ['Een snelle website zonder gedoe', 'Server-rendering uitgelegd', 'Toegankelijkheid vanaf dag één'],
    en: ['A fast website without the fuss', 'Server rendering explained', 'Accessibility from day one'],
    de: [
      'Eine schnelle Website ohne Aufwand',
      'Server-Rendering erklärt',
      'Barrierefreiheit ab dem ersten Tag',
    ],
  },
  {
    tag: 'integrations',
    nl: [
      'Koppelingen tussen uw systemen',
      'API’s die blijven werken',
      'Excel als bron van waarheid vervangen',
    ],
    en: ['Connecting your systems', 'APIs that keep working', 'Replacing Excel as the source of truth'],
    de: ['Ihre Systeme verbinden', 'APIs, die weiter funktionieren', 'Excel als einzige Wahrheit ablösen'],
  },
  {
    tag: 'planning',
    nl: ['Roosters plannen met software', 'Van whiteboard naar planner', 'Minder bellen, beter plannen'],
    en: ['Scheduling shifts with software', 'From whiteboard to planner', 'Fewer calls, better planning'],
    de: [
      'Dienstpläne mit Software erstellen',
      'Vom Whiteboard zum Planer',
      'Weniger Anrufe, bessere Planung',
    ],
  },
  {
    tag: 'data',
    nl: [
      'Dashboards die mensen echt gebruiken',
      'Uw data op één plek',
      'Rapportages zonder knippen en plakken',
    ],
    en: ['Dashboards people actually use', 'Your data in one place', 'Reports without copy and paste'],
    de: [
      'Dashboards, die wirklich genutzt werden',
      'Ihre Daten an einem Ort',
      'Berichte ohne Kopieren und Einfügen',
    ],
  },
]

const BODY = {
  nl: (title, n) =>
    `<p>${title}: in dit artikel (nummer ${n}) laten we zien hoe een klein team in een paar dagen een werkend prototype neerzet.</p>` +
    '<h2>Het probleem</h2><p>Veel werk gebeurt nog met de hand: gegevens overtypen, bestanden mailen en controleren of alles klopt.</p>' +
    '<h2>De aanpak</h2><p>We beginnen klein, meten wat het oplevert en bouwen verder op wat werkt. U blijft eigenaar van de code.</p>',
  en: (title, n) =>
    `<p>${title}: in this article (number ${n}) we show how a small team puts a working prototype in place in a few days.</p>` +
    '<h2>The problem</h2><p>Much work is still done by hand: retyping data, mailing files and checking that everything adds up.</p>' +
    '<h2>The approach</h2><p>We start small, measure what it brings and build on what works. You keep ownership of the code.</p>',
  de: (title, n) =>
    `<p>${title}: in diesem Artikel (Nummer ${n}) zeigen wir, wie ein kleines Team in wenigen Tagen einen funktionierenden Prototyp aufbaut.</p>` +
    '<h2>Das Problem</h2><p>Viel Arbeit geschieht noch von Hand: Daten abtippen, Dateien mailen und prüfen, ob alles stimmt.</p>',
}

/** The n-th demo post (1-based) as the blog's create body, without its picture. */
export function demoPost(n) {
  const topic = TOPICS[(n - 1) % TOPICS.length]
  const variant = Math.floor((n - 1) / TOPICS.length) % 3
  const round = Math.floor((n - 1) / (TOPICS.length * 3))
  const suffix = round ? ` (${round + 1})` : ''
  const title = (lang) => `${topic[lang][variant]}${suffix}`
  const withDe = n % 3 === 0
  const excerpt = (lang) =>
    BODY[lang](title(lang), n)
      .replace(/<[^>]+>/g, ' ')
      .trim()
      .slice(0, 200)
  return {
    slug: `demo-${n}`,
    title_nl: title('nl'),
    title_en: title('en'),
    excerpt_nl: excerpt('nl'),
    excerpt_en: excerpt('en'),
    content_nl: BODY.nl(title('nl'), n),
    content_en: BODY.en(title('en'), n),
    ...(withDe
      ? { title_de: title('de'), excerpt_de: excerpt('de'), content_de: BODY.de(title('de'), n) }
      : {}),
    published: true,
    tags: [topic.tag, 'demo'],
  }
}

export const DEMO_PAGES = [
  {
    slug: 'over-ons',
    title_nl: 'Over ons',
    title_en: 'About us',
    title_de: 'Über uns',
    content_nl: '<p>Wij zijn een klein team dat software en automatisering bouwt voor het mkb.</p>',
    content_en:
      '<p>We are a small team building software and automation for small and medium businesses.</p>',
    content_de:
      '<p>Wir sind ein kleines Team, das Software und Automatisierung für den Mittelstand baut.</p>',
  },
  {
    slug: 'werkwijze',
    title_nl: 'Werkwijze',
    title_en: 'How we work',
    content_nl: '<p>Eerst een gratis gesprek, dan een prototype in dagen, daarna samen verder bouwen.</p>',
    content_en: '<p>First a free consultation, then a prototype in days, then we build on together.</p>',
  },
  {
    slug: 'privacy',
    title_nl: 'Privacyverklaring',
    title_en: 'Privacy statement',
    content_nl: '<p>We bewaren alleen wat nodig is om uw aanvraag te beantwoorden.</p>',
    content_en: '<p>We keep only what is needed to answer your request.</p>',
  },
]

export const DEMO_PROJECTS = [
  [
    'Factuurverwerking voor een groothandel',
    'Inkomende facturen worden gelezen, gecontroleerd en geboekt; 90% minder handwerk.',
  ],
  [
    'Planningstool voor een zorginstelling',
    'Roosters voor 300 medewerkers, met ruilverzoeken vanaf de telefoon.',
  ],
  ['Klantportaal voor een installateur', 'Klanten zien hun offertes, afspraken en facturen op één plek.'],
  [
    'Documentassistent voor een advocatenkantoor',
    'Een assistent die antwoorden vindt in tienduizenden eigen documenten.',
  ],
  [
    'Voorraadkoppeling voor een webshop',
    'Voorraad, bestellingen en verzending automatisch gelijk in drie systemen.',
  ],
  ['Dashboard voor een logistiek bedrijf', 'Ritten, kosten en levertijden per dag, zonder Excel-rapporten.'],
].map(([title, description]) => ({ title, description }))

export const DEMO_FEATURES = [
  {
    icon: '🚀',
    title_nl: 'Snel resultaat',
    title_en: 'Fast results',
    description_nl: 'Een prototype in dagen, niet maanden.',
    description_en: 'A prototype in days, not months.',
  },
  {
    icon: '🛡️',
    title_nl: 'Uw code, uw eigendom',
    title_en: 'Your code, your property',
    description_nl: 'Geen vendor lock-in.',
    description_en: 'No vendor lock-in.',
  },
  {
    icon: '💬',
    title_nl: 'Heldere communicatie',
    title_en: 'Clear communication',
    description_nl: 'Elke week een demo.',
    description_en: 'A demo every week.',
  },
]

export const DEMO_CONTACTS = [
  {
    name: 'Anna de Vries',
    email: 'anna.devries@example.com',
    company: 'De Vries Logistiek',
    language: 'nl',
    message: 'Wij willen onze planning automatiseren. Kunnen we een gesprek plannen?',
  },
  {
    name: 'James Miller',
    email: 'james.miller@example.com',
    company: 'Miller Trading',
    language: 'en',
    message: 'We receive 500 invoices a month by mail. Can you help us process them automatically?',
  },
  {
    name: 'Sophie Jansen',
    email: 'sophie.jansen@example.com',
    language: 'nl',
    message: 'Ik zoek een chatbot voor onze klantenservice die onze handleidingen kent.',
  },
  {
    name: 'Lukas Becker',
    email: 'lukas.becker@example.com',
    company: 'Becker GmbH',
    language: 'de',
    message: 'Wir möchten unser Lager mit dem Webshop verbinden. Ist das möglich?',
  },
]
