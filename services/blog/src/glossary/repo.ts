import { badRequest } from '@site/service-kit'
import type { Glossary, GlossaryInput } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { GLOSSARY_ID, type GlossaryDoc, type GlossaryModel } from './model.js'

export const EMPTY_GLOSSARY: Glossary = {
  never_translate: [],
  fixed: [],
  formality: { nl: null, de: null },
  updated_at: null,
}

function toDto(doc: GlossaryDoc | null): Glossary {
  if (!doc) return EMPTY_GLOSSARY
  return {
    never_translate: [...doc.never_translate],
    fixed: doc.fixed.map(({ from, to, source, target }) => ({ from, to, source, target })),
    formality: { nl: doc.formality?.nl ?? null, de: doc.formality?.de ?? null },
    updated_at: doc.updated_at.toISOString(),
  }
}

/** The glossary as stored (the empty one before anyone saved it). */
export async function readGlossary(model: GlossaryModel): Promise<Glossary> {
  return toDto(await model.findById(GLOSSARY_ID).lean<GlossaryDoc>())
}

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase()

/**
 * Checks and tidies an admin's glossary: terms as plain text, trimmed; no empty term, no term twice,
 * no pair from a language to itself, one fixed translation per term and language pair, and no
 * term both kept as written and translated. Answers 400 naming the entry.
 */
export function cleanGlossary(input: GlossaryInput): GlossaryInput {
  const term = (value: string, where: string) => {
    const t = plainText(value).trim()
    if (!t) throw badRequest(`${where}: the term is empty.`, 'GLOSSARY_INVALID')
    return t
  }
  const never: string[] = []
  for (const [i, raw] of input.never_translate.entries()) {
    const t = term(raw, `Never translate, entry ${i + 1}`)
    if (never.some((n) => same(n, t)))
      throw badRequest(`"${t}" is listed twice under "never translate".`, 'GLOSSARY_DUPLICATE')
    never.push(t)
  }
  const fixed: GlossaryInput['fixed'] = []
  for (const [i, f] of input.fixed.entries()) {
    const where = `Fixed translation ${i + 1}`
    if (f.from === f.to)
      throw badRequest(`${where}: the two languages must differ (${f.from} → ${f.to}).`, 'GLOSSARY_INVALID')
    const entry = { from: f.from, to: f.to, source: term(f.source, where), target: term(f.target, where) }
    if (fixed.some((e) => e.from === entry.from && e.to === entry.to && same(e.source, entry.source)))
      throw badRequest(
        `"${entry.source}" has two fixed translations from ${entry.from} to ${entry.to}.`,
        'GLOSSARY_DUPLICATE',
      )
    if (never.some((n) => same(n, entry.source)))
      throw badRequest(
        `"${entry.source}" cannot be both "never translate" and translated as "${entry.target}".`,
        'GLOSSARY_CONFLICT',
      )
    fixed.push(entry)
  }
  return { never_translate: never, fixed, formality: input.formality }
}

/** Saves the whole glossary; answers it before and after. */
export async function saveGlossary(model: GlossaryModel, input: GlossaryInput) {
  const before = await model.findById(GLOSSARY_ID).lean<GlossaryDoc>()
  const after = await model
    .findByIdAndUpdate(
      GLOSSARY_ID,
      { $set: { ...cleanGlossary(input), updated_at: new Date() } },
      { upsert: true, returnDocument: 'after' },
    )
    .lean<GlossaryDoc>()
    .orFail()
  return { before: before ? toDto(before) : null, after: toDto(after) }
}
