// The bar above a page opened through a preview link (docs/editorial.md, "Preview links").
export const preview = {
  bar: 'Voorbeeld',
  text: 'Dit is een voorbeeld van de opgeslagen versie; die staat mogelijk nog niet op de site.',
  gone: 'Voorbeeld niet beschikbaar',
  goneText: 'Deze voorbeeldlink is verlopen of ingetrokken.',
}
