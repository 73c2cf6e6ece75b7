import type { Messages } from '../types'

/** The project form's labels; the admin shows them too (its one wording is English). */
export const projectFields = {
  title: 'Title',
  description: 'Description',
  image_url: 'Image URL (optional)',
  video_url: 'Video URL (optional)',
  link_url: 'Link URL (optional)',
}

export const projects: Messages['projects'] = {
  title: 'Our Projects',
  subtitle: 'A selection of what we have built.',
  metaDescription:
    'Projects we built: prototypes, automations and AI applications for startups, marketing teams and scale-ups.',
  empty: 'There are no projects yet.',
  loadError: 'The projects could not be loaded. Please try again later.',
  watchDemo: 'Watch Demo',
  visit: 'Visit',
  opensInNewTab: '(opens in a new tab)',
  add: 'Add Project',
  addTitle: 'Add Project',
  fields: projectFields,
  required: 'Title and description are required.',
  cancel: 'Cancel',
  save: 'Add Project',
  saving: 'Saving...',
  delete: 'Delete',
  deleteLabel: (title: string) => `Delete project "${title}"`,
  confirmTitle: 'Delete project?',
  confirmText: (title: string) => `"${title}" will be deleted permanently.`,
  confirmDelete: 'Delete',
  added: 'Project added successfully!',
  deleted: 'Project deleted!',
  errorTitle: 'Error',
  errorText: 'Something went wrong. Please try again.',
}
