// The top bar's language menu, code-split: the Radix dropdown and its positioning code (~20 KB gzip)
// load right after the first render instead of delaying it. Until then an identical, inert trigger
// holds the place (same size, so nothing moves).
import { ChevronDown } from 'lucide-react'
import { Suspense, lazy } from 'react'
import { languageInfo } from '../languages'
import { useLanguage, useT } from '../useT'
import { Flag } from './Flag'

const Menu = lazy(() => import('./LanguageSwitcher').then((m) => ({ default: m.LanguageSwitcher })))

function Placeholder() {
  const { language } = useLanguage()
  const t = useT()
  const current = languageInfo(language)
  return (
    <button
      type="button"
      className="lang-switcher__trigger"
      aria-label={`${t.nav.chooseLanguage}: ${current.label}`}
    >
      <Flag code={language} />
      <span className="lang-switcher__label">{current.label}</span>
      <ChevronDown size={16} aria-hidden />
    </button>
  )
}

export function LanguageSwitcher(props: { onSelect?: () => void }) {
  return (
    <Suspense fallback={<Placeholder />}>
      <Menu {...props} />
    </Suspense>
  )
}
