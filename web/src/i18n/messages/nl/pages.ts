// /pages/:slug: a published CMS page (beyond the spec). Owner: public-site engineer.
export const pages = {
  notFound: 'Pagina niet gevonden',
  notFoundText: 'Deze pagina bestaat niet of is niet gepubliceerd.',
  loadError: 'De pagina kon niet worden geladen. Probeer het later opnieuw.',
  backHome: 'Terug naar de homepage',
  notInLanguage: 'Deze pagina is (nog) niet in het Nederlands beschikbaar: u leest de oorspronkelijke tekst.',
  updated: (date: string) => `Bijgewerkt op ${date}`,
}
