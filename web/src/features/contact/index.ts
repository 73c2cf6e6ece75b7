import { lazy } from 'react'

// The dialog is its own chunk: the root layout mounts it once it is first opened.
export const ContactDialog = lazy(() =>
  import('./components/ContactDialog').then((m) => ({ default: m.ContactDialog })),
)
// The form of the home page's contact section; app/pages/HomeRoute passes it to the home page.
export { ContactForm } from './components/ContactForm'
