/** The Translations tab (issue 47, docs/editorial.md "Translations"). */
export const translations = {
  heading: 'Translations',
  intro:
    'Every post in Dutch, English and German: what is missing, what a machine wrote and nobody reviewed, ' +
    'what is older than its source, and what is on the site.',
  language: 'Language',
  state: 'State',
  any: 'Any',
  apply: 'Filter',
  empty: 'No post matches.',
  post: 'Post',
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
}
