import type { Feature } from '@site/contracts'
import { toFeatureDto } from '../../lib/dto.js'
import type { Store } from '../../plugins/store.js'

/** The features in display order (after the defaults are in): what the public list and a reorder answer. */
export async function listFeatures({ models, seeded }: Store): Promise<Feature[]> {
  await seeded()
  const docs = await models.features.find().sort({ sort_order: 1, _id: 1 }).lean()
  return docs.map(toFeatureDto)
}
