import type { FeatureInput, SiteContentInput } from '@site/contracts'

/** What a fresh install shows before an admin edits anything (spec §1 selling points). */
export const DEFAULT_CONTENT: SiteContentInput = {
  title_nl: 'Van idee naar werkende software in dagen, niet maanden',
  title_en: 'From idea to working software in days, not months',
  title_de: 'Von der Idee zur funktionierenden Software in Tagen, nicht Monaten',
  intro_nl:
    'Wij bouwen AI-gedreven software en automatiseringen voor startups, marketingteams en scale-ups zonder eigen ontwikkelcapaciteit. Snel een prototype, transparante en eerlijke prijzen, en u bent volledig eigenaar van de code: geen vendor lock-in.',
  intro_en:
    'We build AI-driven software and automations for startups, marketing teams and scale-ups without developer capacity. A prototype fast, transparent and fair pricing, and you fully own the code: no vendor lock-in.',
  intro_de:
    'Wir entwickeln KI-gestützte Software und Automatisierungen für Startups, Marketingteams und Scale-ups ohne eigene Entwicklerkapazität. Schnell ein Prototyp, transparente und faire Preise, und der Code gehört vollständig Ihnen: kein Vendor-Lock-in.',
  subtitle_nl: 'Onze werkwijze: kort cyclisch bouwen, elke stap zichtbaar',
  subtitle_en: 'Our methodology: short cycles, every step visible',
  subtitle_de: 'Unsere Methodik: kurze Zyklen, jeder Schritt sichtbar',
  philosophy_title_nl: 'Onze filosofie',
  philosophy_title_en: 'Our philosophy',
  philosophy_title_de: 'Unsere Philosophie',
  philosophy_text_nl:
    'Software moet snel waarde leveren. Daarom beginnen we klein, laten we binnen dagen iets werkends zien en bouwen we verder op wat echt gebruikt wordt. U houdt de regie: alle code, documentatie en kennis worden overgedragen.',
  philosophy_text_en:
    'Software should deliver value fast. That is why we start small, show something that works within days and build on what is really used. You stay in control: all code, documentation and knowledge are handed over.',
  philosophy_text_de:
    'Software soll schnell Nutzen bringen. Deshalb fangen wir klein an, zeigen innerhalb weniger Tage etwas Funktionierendes und bauen auf dem auf, was wirklich genutzt wird. Sie behalten die Kontrolle: Code, Dokumentation und Wissen werden vollständig übergeben.',
  address: 'Keizersgracht 1, 1015 AA Amsterdam',
  phone: '+31 20 123 4567',
  email: 'info@example.com',
}

export const DEFAULT_FEATURES: FeatureInput[] = [
  {
    icon: '⚡',
    title_nl: 'Van idee naar prototype in dagen',
    title_en: 'From idea to prototype in days',
    title_de: 'Von der Idee zum Prototyp in Tagen',
    description_nl: 'Binnen 48 uur een MVP-plan, binnen 5 dagen een werkend MVP.',
    description_en: 'An MVP plan within 48 hours, a working MVP within 5 days.',
    description_de: 'Ein MVP-Plan innerhalb von 48 Stunden, ein funktionierendes MVP in 5 Tagen.',
  },
  {
    icon: '💶',
    title_nl: 'Transparante en eerlijke prijzen',
    title_en: 'Transparent and fair pricing',
    title_de: 'Transparente und faire Preise',
    description_nl: 'Vooraf duidelijk wat het kost, zonder verrassingen achteraf.',
    description_en: 'Clear costs up front, no surprises afterwards.',
    description_de: 'Vorab klare Kosten, keine Überraschungen im Nachhinein.',
  },
  {
    icon: '🤖',
    title_nl: 'AI-gedreven ontwikkeling',
    title_en: 'AI-driven development',
    title_de: 'KI-gestützte Entwicklung',
    description_nl: 'We zetten AI in waar het tijd bespaart, en mensen waar het ertoe doet.',
    description_en: 'We use AI where it saves time, and people where it matters.',
    description_de: 'Wir setzen KI ein, wo sie Zeit spart, und Menschen, wo es darauf ankommt.',
  },
  {
    icon: '🔑',
    title_nl: 'Volledig eigendom, geen lock-in',
    title_en: 'Full ownership, no vendor lock-in',
    title_de: 'Volles Eigentum, kein Lock-in',
    description_nl: 'De code, de documentatie en de kennis zijn van u.',
    description_en: 'The code, the documentation and the knowledge are yours.',
    description_de: 'Code, Dokumentation und Wissen gehören Ihnen.',
  },
]
