import type { Messages } from '../types'

export const pages: Messages['pages'] = {
  notFound: 'Page not found',
  notFoundText: 'This page does not exist or is not published.',
  loadError: 'The page could not be loaded. Please try again later.',
  backHome: 'Back to the home page',
  notInLanguage: 'This page is not (yet) available in English: you are reading the Dutch original.',
  updated: (date: string) => `Updated on ${date}`,
}
