/** The Translations tab (issue 47, docs/editorial.md "Translations"). */
export const translations = {
  heading: 'Translations',
  intro:
    'Every post, page, feature and the site content in Dutch, English and German: what is missing, what a machine wrote and nobody ' +
    'reviewed, what is older than its source, and what is on the site.',
  type: 'Show',
  types: { post: 'Posts', page: 'Pages', feature: 'Features', content: 'Site content' },
  language: 'Language',
  state: 'State',
  any: 'Any',
  apply: 'Filter',
  empty: {
    post: 'No post matches.',
    page: 'No page matches.',
    feature: 'No feature matches.',
    content: 'The site content does not match.',
  },
  column: { post: 'Post', page: 'Page', feature: 'Feature', content: 'Site content' },
  /** The Content tab's editor link on the board (the site content has one editor: that tab). */
  openContent: 'Open the Content tab',
  counts: 'Counts per language',
  states: {
    missing: 'Missing',
    needs_review: 'Machine: needs review',
    stale: 'Stale',
    reviewed: 'Current, not public',
    published: 'Published',
  },
  source: 'source',
  actions: {
    translate: 'Translate',
    review: 'Review',
    dismiss: 'Still right',
    publish: 'Publish',
    unpublish: 'Take down',
    edit: 'Edit',
  },
  done: 'Saved',
  failed: 'The change was not saved',
  overwriteTitle: 'Replace what a person wrote?',
  overwrite: 'Replace',
  /** The editors' languages (issue 47 #5). */
  languagesOf: {
    page: 'The page in its languages',
    feature: 'The feature in its languages',
    content: 'The site content in its languages',
  },
  languageState: (name: string, state: string) => `${name}: ${state}`,
  /** The post editor's side by side (issue 47 #4). */
  side: {
    heading: 'Languages',
    label: 'The post in its languages',
    sourceOf: (lang: string) => `${lang} (source)`,
    reviewedBy: (who: string, when: string) => `reviewed by ${who} on ${when}`,
    compare: (lang: string) => `${lang} beside its source`,
    besideSource: 'Beside the source',
    field: 'Field',
    changedHeading: (lang: string) => `Changed in the ${lang} source since this translation`,
    then: 'When translated',
    now: 'Now',
    notFound:
      'The source as it was when this was translated is no longer in the history: ' +
      'its text now is shown for every field.',
    unchanged: 'The source has not changed since this translation.',
    loadError: 'What changed in the source could not be loaded.',
    languages: { nl: 'Dutch', en: 'English', de: 'German' } as Record<string, string>,
    fields: {
      title: 'Title',
      excerpt: 'Excerpt',
      content: 'Text',
      meta_description: 'Meta description',
    } as Record<string, string>,
  },
}
