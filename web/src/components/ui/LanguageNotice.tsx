// The note on a page shown in Dutch because the chosen language is not on the site for it (issue 47,
// docs/web.md): a blog post or a CMS page read at /en/… or /de/… whose translation is missing,
// taken down or held for review. Written in the reader's language; the text around it is Dutch.
import type { Language } from '@/i18n'

/** Whether a record is shown in Dutch in `language`: it has no text of its own there (the service left it out). */
export const fallsBackToDutch = (record: Record<string, unknown>, language: Language) =>
  language !== 'nl' && !record[`content_${language}`]

export function LanguageNotice({
  language,
  text,
  testId,
}: {
  language: Language
  text: string
  testId: string
}) {
  return (
    <p className="language-notice" lang={language} role="note" data-testid={testId}>
      {text}
    </p>
  )
}
