// /projects and the Add Project dialog (spec §2, §5, §8). Owner: public-site engineer.
import type { ProjectInput } from '@site/contracts'

export const projects = {
  title: 'Onze Projecten',
  subtitle: 'Een selectie van wat we gebouwd hebben.',
  metaDescription:
    'Projecten die we bouwden: prototypes, automatiseringen en AI-toepassingen voor startups, marketingteams en scale-ups.',
  empty: 'Er zijn nog geen projecten.',
  loadError: 'De projecten konden niet worden geladen. Probeer het later opnieuw.',
  watchDemo: 'Bekijk demo',
  visit: 'Bezoeken',
  opensInNewTab: '(opent in een nieuw tabblad)',
  add: 'Project toevoegen',
  addTitle: 'Project toevoegen',
  fields: {
    title: 'Titel',
    description: 'Beschrijving',
    image_url: 'Afbeeldings-URL (optioneel)',
    video_url: 'Video-URL (optioneel)',
    link_url: 'Link-URL (optioneel)',
  } satisfies Record<keyof ProjectInput, string>,
  required: 'Titel en beschrijving zijn verplicht.',
  cancel: 'Annuleren',
  save: 'Project toevoegen',
  saving: 'Opslaan...',
  delete: 'Verwijderen',
  deleteLabel: (title: string) => `Project "${title}" verwijderen`,
  confirmTitle: 'Project verwijderen?',
  confirmText: (title: string) => `"${title}" wordt definitief verwijderd.`,
  confirmDelete: 'Verwijderen',
  added: 'Project succesvol toegevoegd!',
  deleted: 'Project verwijderd!',
  errorTitle: 'Fout',
  errorText: 'Er ging iets mis. Probeer het opnieuw.',
}
