// The glossary panel and the XLIFF export and import of the Blog tab (docs/editorial.md).
const LANGS = { nl: 'Dutch (nl)', en: 'English (en)', de: 'German (de)' } as const

export const agency = {
  langs: LANGS,
  glossaryHeading: 'Glossary and formality',
  glossaryLead:
    'Every machine translation follows these: terms it never translates, fixed translations per language pair, and how it addresses the reader.',
  neverTranslate: 'Never translate (one term per line)',
  neverTranslateHint: 'Brand and product names, kept exactly as written.',
  fixed: 'Fixed translations (one per line)',
  fixedHint: 'As "nl de offerte = Angebot": from, to, the term, "=", its translation.',
  fixedLineInvalid: (n: number) => `Line ${n} of the fixed translations is not "nl de term = translation".`,
  formality: (lang: string) => `Formality in ${lang}`,
  formalityOptions: {
    nl: { '': 'Let the model choose', formal: 'Formal (u)', informal: 'Informal (je)' },
    de: { '': 'Let the model choose', formal: 'Formal (Sie)', informal: 'Informal (du)' },
  },
  save: 'Save glossary',
  saving: 'Saving…',
  saved: 'Glossary saved',
  saveFailed: 'The glossary could not be saved.',
  loadFailed: 'The glossary could not be loaded.',
  issuesNote: 'The machine translation broke the glossary:',
  issue: (i: { field: string; term: string; kind: string; expected?: string }) =>
    i.kind === 'fixed'
      ? `${i.field}: "${i.term}" should be translated as "${i.expected ?? ''}"`
      : `${i.field}: "${i.term}" should stay as written`,
  xliffHeading: 'Translation agencies (XLIFF)',
  xliffLead:
    'Download the chosen posts of this page as an XLIFF 2.0 file for a translation tool, and import the translated file back.',
  choose: 'Posts to export',
  target: 'Translate into',
  download: 'Download XLIFF',
  downloading: 'Preparing…',
  noneChosen: 'Choose at least one post.',
  exportFailed: 'The export failed.',
  importLabel: 'Import a translated XLIFF file',
  importing: 'Importing…',
  importFailed: 'The file could not be imported.',
  result: (applied: number, refused: number) => `${applied} units applied, ${refused} refused.`,
  refusedUnit: (unit: string, reason: string) => `${unit}: ${reason}`,
}
