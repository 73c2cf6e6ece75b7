import type { KnowledgeItem } from './types.js'

/**
 * The home page sections whose text lives in the web app rather than in the content service
 * (methodology, free MVP, audience, knowledge transfer, the consultation form). Only the
 * promises the spec makes (§1, §9) appear here; keep them in step with the web app's texts.
 */
export const CONSULTATION_URL = '/#contact'

export const SITE_FACTS: KnowledgeItem[] = [
  {
    key: 'fact:free-mvp',
    kind: 'fact',
    tags: ['mvp', 'gratis', 'free', 'kostenlos', 'tevreden', 'ontevreden', 'satisfied', 'happy', 'unhappy', 'zufrieden', 'garantie', 'guarantee', 'risico', 'risk', 'risiko', 'proberen', 'try'],
    url: '/',
    title: { nl: 'Gratis MVP', en: 'Free MVP', de: 'Kostenloses MVP' },
    text: {
      nl: 'Gratis MVP-aanbod in 3 stappen. 1. Gratis intake: we bespreken uw idee kosteloos. 2. Binnen 48 uur na de intake ontvangt u een MVP-plan. 3. Binnen 5 dagen is uw MVP (minimum viable product, eerste werkende versie) gebouwd. Bent u niet tevreden, dan beslist u zonder kosten.',
      en: 'Free MVP offer in 3 steps. 1. Free intake: we discuss your idea at no cost. 2. Within 48 hours after the intake you receive an MVP plan. 3. Within 5 days your MVP (minimum viable product, a first working version) is built. If you are not satisfied, you decide at no cost.',
      de: 'Kostenloses MVP-Angebot in 3 Schritten. 1. Kostenloses Erstgespräch: wir besprechen Ihre Idee kostenlos. 2. Innerhalb von 48 Stunden nach dem Gespräch erhalten Sie einen MVP-Plan. 3. Innerhalb von 5 Tagen ist Ihr MVP (Minimum Viable Product, eine erste funktionierende Version) gebaut. Sind Sie nicht zufrieden, entscheiden Sie ohne Kosten.',
    },
  },
  {
    key: 'fact:methodology',
    kind: 'fact',
    tags: ['aanpak', 'approach', 'vorgehen', 'proces', 'process', 'prozess', 'stappen', 'steps', 'schritte', 'broncode', 'eigendom', 'ownership', 'source', 'quellcode', 'eigentum', 'lock-in'],
    url: { nl: '/#werkwijze', en: '/#methodology', de: '/#methodik' },
    title: { nl: 'Werkwijze', en: 'Methodology', de: 'Methodik' },
    text: {
      nl: 'Onze werkwijze: AI-gedreven software- en automatiseringsontwikkeling, van idee tot prototype in dagen. We starten met een gratis intake, leveren binnen 48 uur een MVP-plan en binnen 5 dagen een MVP. Transparante en eerlijke prijzen. U wordt volledig eigenaar van de software, zonder vendor lock-in. Daarna volgt kennisoverdracht zodat uw team zelf verder kan.',
      en: 'Our methodology: AI-driven software and automation development, from idea to prototype in days. We start with a free intake, deliver an MVP plan within 48 hours and an MVP within 5 days. Transparent and fair pricing. You get full ownership of the software, with no vendor lock-in. Knowledge transfer follows so your team can continue on its own.',
      de: 'Unsere Methodik: KI-gestützte Software- und Automatisierungsentwicklung, von der Idee zum Prototyp in Tagen. Wir beginnen mit einem kostenlosen Erstgespräch, liefern innerhalb von 48 Stunden einen MVP-Plan und innerhalb von 5 Tagen ein MVP. Transparente und faire Preise. Sie erhalten das volle Eigentum an der Software, ohne Vendor-Lock-in. Danach folgt der Wissenstransfer, damit Ihr Team selbst weitermachen kann.',
    },
  },
  {
    key: 'fact:knowledge-transfer',
    kind: 'fact',
    tags: ['ondersteuning', 'onderhoud', 'support', 'maintenance', 'wartung', 'unterstützung', 'training', 'schulung', 'documentatie', 'documentation', 'dokumentation', 'oplevering', 'delivery', 'übergabe'],
    url: '/',
    title: { nl: 'Kennisoverdracht', en: 'Knowledge transfer', de: 'Wissenstransfer' },
    text: {
      nl: 'Kennisoverdracht: live coding-sessies met uw team, documentatie van alles wat we bouwen, 3 maanden support na oplevering, en training zodat uw team zelfstandig verder kan.',
      en: 'Knowledge transfer: live coding sessions with your team, documentation of everything we build, 3 months of support after delivery, and training so your team can carry on independently.',
      de: 'Wissenstransfer: Live-Coding-Sessions mit Ihrem Team, Dokumentation von allem, was wir bauen, 3 Monate Support nach der Übergabe und Schulungen, damit Ihr Team selbstständig weiterarbeiten kann.',
    },
  },
  {
    key: 'fact:audience',
    kind: 'fact',
    tags: ['klanten', 'klant', 'clients', 'customers', 'kunden', 'doelgroep', 'audience', 'zielgruppe', 'startups', 'mkb', 'bedrijven', 'companies', 'unternehmen', 'ervaring', 'experience', 'erfahrung'],
    url: '/',
    title: { nl: 'Voor wie is dit?', en: 'Who is this for?', de: 'Für wen ist das?' },
    text: {
      nl: 'Voor wie: startups die snel een idee willen testen, marketingteams die processen willen automatiseren, en scale-ups zonder eigen ontwikkelcapaciteit. We hebben al meer dan 100 projecten opgeleverd.',
      en: 'Who it is for: startups that want to test an idea quickly, marketing teams that want to automate their work, and scale-ups without developer capacity. We have delivered more than 100 projects.',
      de: 'Für wen: Startups, die eine Idee schnell testen wollen, Marketingteams, die Abläufe automatisieren wollen, und Scale-ups ohne eigene Entwicklerkapazität. Wir haben bereits mehr als 100 Projekte umgesetzt.',
    },
  },
  {
    key: 'fact:pricing',
    kind: 'fact',
    tags: ['prijs', 'prijzen', 'kosten', 'kost', 'tarief', 'budget', 'offerte', 'price', 'pricing', 'cost', 'quote', 'rate', 'preis', 'preise', 'angebot', 'euro'],
    url: CONSULTATION_URL,
    title: { nl: 'Prijzen en offerte', en: 'Pricing and quotes', de: 'Preise und Angebote' },
    text: {
      nl: 'Prijzen: we werken met transparante en eerlijke prijzen, afgestemd op uw project. Een offerte of kostenindicatie krijgt u na een gratis adviesgesprek; de intake en het MVP-plan zijn gratis.',
      en: 'Pricing: we work with transparent and fair prices tailored to your project. You get a quote or cost estimate after a free consultation; the intake and the MVP plan are free.',
      de: 'Preise: wir arbeiten mit transparenten und fairen Preisen, abgestimmt auf Ihr Projekt. Ein Angebot oder eine Kostenschätzung erhalten Sie nach einer kostenlosen Beratung; das Erstgespräch und der MVP-Plan sind kostenlos.',
    },
  },
  {
    key: 'fact:consultation',
    kind: 'fact',
    tags: ['contact', 'contactformulier', 'adviesgesprek', 'consultation', 'beratung', 'kontaktformular', 'afspraak', 'appointment', 'termin', 'gesprek', 'meeting', 'gespräch'],
    url: CONSULTATION_URL,
    title: { nl: 'Gratis adviesgesprek', en: 'Free consultation', de: 'Kostenlose Beratung' },
    text: {
      nl: 'Contact: vraag een gratis adviesgesprek aan via het contactformulier. Vertel ons over uw idee en we nemen binnen 24 uur contact met u op.',
      en: 'Contact: request a free consultation through the contact form. Tell us about your idea and we will get back to you within 24 hours.',
      de: 'Kontakt: fordern Sie über das Kontaktformular eine kostenlose Beratung an. Erzählen Sie uns von Ihrer Idee, wir melden uns innerhalb von 24 Stunden.',
    },
  },
]
