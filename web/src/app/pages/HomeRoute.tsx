// `/`: the home page with the contact feature's form in its contact section. Features never import
// each other (docs/web.md), so the app composes them here.
import { ContactForm } from '@/features/contact'
import { HomePage } from '@/features/home'

export function HomeRoute() {
  return <HomePage contactForm={<ContactForm />} />
}
