// The feature dialog's values: icon, Dutch and English title and description, all required, within
// the content service's limits; the German texts (not edited here) are kept.
import type { Feature, FeatureInput } from '@site/contracts'
import { CONTENT_LIMITS, fieldMessage } from '../../lib/validation'

export interface FeatureForm {
  icon: string
  title_nl: string
  title_en: string
  description_nl: string
  description_en: string
}
export const EMPTY_FEATURE_FORM: FeatureForm = {
  icon: '',
  title_nl: '',
  title_en: '',
  description_nl: '',
  description_en: '',
}
export const featureToForm = (f: Feature): FeatureForm => ({
  icon: f.icon,
  title_nl: f.title_nl,
  title_en: f.title_en,
  description_nl: f.description_nl,
  description_en: f.description_en,
})
export const FEATURE_LIMITS: Record<keyof FeatureForm, number> = {
  icon: CONTENT_LIMITS.icon,
  title_nl: CONTENT_LIMITS.title,
  title_en: CONTENT_LIMITS.title,
  description_nl: CONTENT_LIMITS.feature_description,
  description_en: CONTENT_LIMITS.feature_description,
}

/** The form's errors: every field is required, each within its limit. */
export function validateFeature(form: FeatureForm) {
  const errors: Partial<Record<keyof FeatureForm, string>> = {}
  for (const key of Object.keys(EMPTY_FEATURE_FORM) as (keyof FeatureForm)[]) {
    if (form[key].trim() === '') errors[key] = fieldMessage(key, 'required')
    else if (form[key].length > FEATURE_LIMITS[key])
      errors[key] = fieldMessage(key, 'max', FEATURE_LIMITS[key])
  }
  return errors
}

/** POST/PUT /api/features: the German texts are not edited here, so a save keeps what the feature has. */
export function toFeatureInput(form: FeatureForm, feature: Feature | null): FeatureInput {
  return {
    icon: form.icon.trim(),
    title_nl: form.title_nl.trim(),
    title_en: form.title_en.trim(),
    description_nl: form.description_nl.trim(),
    description_en: form.description_en.trim(),
    title_de: feature?.title_de ?? null,
    description_de: feature?.description_de ?? null,
  }
}
