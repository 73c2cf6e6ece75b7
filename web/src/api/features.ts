// The home's feature cards (docs/api.md "Content"): the admin's list and writes (the home reads
// them through @/lib/publicReads).
import type { Feature, FeatureInput } from '@site/contracts'
import { deleteJson, getJson, getVersioned, postJson, putJson } from '@/lib/api'

export const listFeatures = (signal: AbortSignal) => getJson<Feature[]>('/api/features', { signal })
/** GET /api/features/{id}: the feature with its per-language state (the editor's read). */
export const getFeature = (id: string) => getVersioned<Feature>(`/api/features/${encodeURIComponent(id)}`)
export const createFeature = (body: FeatureInput) => postJson<Feature>('/api/features', body)
export const updateFeature = (id: string, body: FeatureInput) =>
  putJson<Feature>(`/api/features/${encodeURIComponent(id)}`, body)
export const deleteFeature = (id: string) => deleteJson(`/api/features/${encodeURIComponent(id)}`)
export const reorderFeatures = (ids: string[]) => putJson<Feature[]>('/api/features/order', { ids })
