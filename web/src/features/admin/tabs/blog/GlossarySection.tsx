// Blog tab: the glossary and formality every machine translation follows (docs/editorial.md,
// "Glossary and formality"): never-translate terms, fixed translations per language pair written
// one per line ("nl de offerte = Angebot"), and the formality of Dutch and German.
import { useEffect, useState, type FormEvent } from 'react'
import type { Formality, GlossaryInput, SiteLang } from '@site/contracts'
import { Button, Field, Textarea } from '@/components'
import { getGlossary, saveGlossary } from '@/api/translations'
import { toast } from '@/stores/toast'
import { toastError } from '../../lib/toasts'
import { Section } from '../../components/list/Section'
import { texts } from '../../texts'

const FIXED_LINE = /^\s*(nl|en|de)\s+(nl|en|de)\s+(.+?)\s*=\s*(.+?)\s*$/

const fixedToText = (fixed: GlossaryInput['fixed']) =>
  fixed.map((f) => `${f.from} ${f.to} ${f.source} = ${f.target}`).join('\n')

/** The fixed translations typed one per line; the number of the first line that does not read. */
function parseFixed(text: string): GlossaryInput['fixed'] | number {
  const out: GlossaryInput['fixed'] = []
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue
    const m = FIXED_LINE.exec(line)
    if (!m) return i + 1
    out.push({ from: m[1] as SiteLang, to: m[2] as SiteLang, source: m[3]!, target: m[4]! })
  }
  return out
}

export function GlossarySection() {
  const ta = texts
  const t = ta.agency
  const [never, setNever] = useState('')
  const [fixed, setFixed] = useState('')
  const [formality, setFormality] = useState<GlossaryInput['formality']>({ nl: null, de: null })
  const [pending, setPending] = useState(true)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    getGlossary()
      .then((g) => {
        setNever(g.never_translate.join('\n'))
        setFixed(fixedToText(g.fixed))
        setFormality(g.formality)
      })
      .catch((err: unknown) => toastError(ta.error, err, t.loadFailed))
      .finally(() => setPending(false))
  }, [ta.error, t.loadFailed])

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const pairs = parseFixed(fixed)
    setError(typeof pairs === 'number' ? t.fixedLineInvalid(pairs) : null)
    if (typeof pairs === 'number') return
    setPending(true)
    try {
      const never_translate = never
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean)
      const saved = await saveGlossary({ never_translate, fixed: pairs, formality })
      setFixed(fixedToText(saved.fixed))
      toast({ title: t.saved })
    } catch (err) {
      toastError(ta.error, err, t.saveFailed)
    } finally {
      setPending(false)
    }
  }

  return (
    <Section title={t.glossaryHeading} lead={t.glossaryLead} id="admin-glossary">
      <form onSubmit={onSubmit} noValidate className="form-stack admin-card" data-testid="glossary-form">
        <Field label={t.neverTranslate} htmlFor="glossary-never" hint={t.neverTranslateHint}>
          <Textarea
            id="glossary-never"
            rows={4}
            value={never}
            disabled={pending}
            onChange={(e) => setNever(e.target.value)}
          />
        </Field>
        <Field label={t.fixed} htmlFor="glossary-fixed" hint={t.fixedHint}>
          <Textarea
            id="glossary-fixed"
            rows={4}
            value={fixed}
            disabled={pending}
            aria-describedby={error ? 'glossary-form-error' : undefined}
            onChange={(e) => setFixed(e.target.value)}
          />
        </Field>
        {error ? (
          <p className="field__error" id="glossary-form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="admin-grid-2">
          {(['nl', 'de'] as const).map((lang) => (
            <Field key={lang} label={t.formality(t.langs[lang])} htmlFor={`glossary-formality-${lang}`}>
              <select
                id={`glossary-formality-${lang}`}
                className="input"
                value={formality[lang] ?? ''}
                disabled={pending}
                onChange={(e) =>
                  setFormality((f) => ({ ...f, [lang]: (e.target.value || null) as Formality }))
                }
              >
                {Object.entries(t.formalityOptions[lang]).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </div>
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Section>
  )
}
