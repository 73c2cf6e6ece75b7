// A post title (Dutch or English) with its translate button: 'To EN' fills the English title from
// the Dutch one, 'To NL' the other way round.
import { Button, Field, Input } from '@/components'
import { texts } from '../../texts'

export function TitleField({
  language,
  value,
  onChange,
  error,
  disabled,
  translating,
  onTranslate,
}: {
  language: 'nl' | 'en'
  value: string
  onChange: (value: string) => void
  error?: string
  disabled: boolean
  /** Which title is being translated, if any: every translate button waits for it. */
  translating: 'nl' | 'en' | null
  onTranslate: () => void
}) {
  const tb = texts.blog
  const id = `post-title_${language}`
  return (
    <Field
      label={tb.fields[`title_${language}`]}
      htmlFor={id}
      error={error}
      counter={{ value: value.length, max: 200 }}
      required
    >
      <div className="admin-input-row">
        <Input
          id={id}
          name={`title_${language}`}
          value={value}
          disabled={disabled}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button
          variant="outline"
          onClick={onTranslate}
          disabled={translating !== null || disabled}
          title={language === 'nl' ? tb.translateToEn : tb.translateToNl}
          aria-busy={translating === language || undefined}
          data-testid={`translate-${language}`}
        >
          {language === 'nl' ? tb.toEn : tb.toNl}
        </Button>
      </div>
    </Field>
  )
}
