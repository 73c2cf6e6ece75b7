import type { Messages } from '../types'

export const common: Messages['common'] = {
  loading: 'Loading...',
  close: 'Close',
  cancel: 'Cancel',
  // Closing a form (or leaving the page) with edits that are not saved
  unsavedChanges: {
    title: 'Discard unsaved changes?',
    text: 'Your changes have not been saved yet. If you continue, they are lost.',
    keep: 'Keep editing',
    discard: 'Discard changes',
  },
  save: 'Save',
  delete: 'Delete',
  edit: 'Edit',
  back: 'Back',
  skipToContent: 'Skip to content',
  notFoundTitle: 'Page not found',
  notFoundText: 'This page does not exist (anymore).',
  backHome: 'Back to the home page',
  errorTitle: 'Something went wrong',
  errorText: 'Something went wrong. Please try again.',
  unavailableTitle: 'Temporarily unavailable',
  unavailableText: 'This page cannot be loaded right now. Please try again in a minute.',
  retry: 'Try again',
  signInRequiredTitle: 'Sign-in required',
  signInRequiredText: 'Log in as an administrator to use the dashboard.',
  companyName: 'Software & automation',
}
