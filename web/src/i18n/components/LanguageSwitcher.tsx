import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check, ChevronDown } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router-dom'
import { languageInfo, SWITCHER_ORDER } from '../languages'
import { localePath, stripLanguage } from '../paths'
import { useLanguage, useT } from '../useT'
import { Flag } from './Flag'

/**
 * The language menu of the top bar (Radix dropdown: keyboard and screen-reader ready).
 * A choice goes to the same page in the other language (its own URL) and is remembered.
 * `onSelect` runs after a choice (the mobile menu closes itself with it).
 */
export function LanguageSwitcher({ onSelect }: { onSelect?: () => void }) {
  const { language, setLanguage } = useLanguage()
  const t = useT()
  const current = languageInfo(language)
  const navigate = useNavigate()
  const { pathname, search, hash } = useLocation()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="lang-switcher__trigger"
        aria-label={`${t.nav.chooseLanguage}: ${current.label}`}
        data-testid="language-switcher"
      >
        <Flag code={language} />
        <span className="lang-switcher__label">{current.label}</span>
        <ChevronDown size={16} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="lang-switcher__menu" align="end" sideOffset={6}>
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(value) => {
              const info = SWITCHER_ORDER.find((c) => c === value)
              if (info) {
                // Stores the choice (a returning visitor's start language) and opens the same page
                // in that language: the URL decides the language shown.
                setLanguage(info)
                navigate(localePath(info, stripLanguage(pathname)) + search + hash)
              }
              onSelect?.()
            }}
          >
            {SWITCHER_ORDER.map((code) => (
              <DropdownMenu.RadioItem
                key={code}
                value={code}
                className="lang-switcher__item"
                lang={code}
                data-testid={`language-${code}`}
              >
                <Flag code={code} />
                <span>{languageInfo(code).label}</span>
                <DropdownMenu.ItemIndicator className="lang-switcher__check">
                  <Check size={16} aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
