import { localePath } from './paths'
import { useLanguage } from './useT'

/** `const to = useLocalePath(); <Link to={to('/blog')}>`: a path of the app in the page's language. */
export function useLocalePath(): (path: string) => string {
  const { language } = useLanguage()
  return (path: string) => localePath(language, path)
}
