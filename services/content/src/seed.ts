import { Types } from 'mongoose'
import { DEFAULT_CONTENT, DEFAULT_FEATURES } from './seed-data.js'
import { SITE_CONTENT_ID } from './models/content.js'
import type { Models } from './plugins/store.js'

const FEATURES_SEED = 'features-v1'
/** Fixed ids, so a seed interrupted half-way and run again never inserts a feature twice. */
const seededFeatureId = (i: number) =>
  new Types.ObjectId(`5eed00000000000000000${String(i + 1).padStart(3, '0')}`)

/**
 * Fills a fresh install with default content and features. Idempotent and never overwrites an
 * admin's edit: content is inserted only when missing; features only until their seed was marked done
 * (so features an admin deleted stay deleted).
 */
export async function seedDefaults(models: Models): Promise<{ content: boolean; features: number }> {
  const now = new Date()
  const content = await models.content.updateOne(
    { _id: SITE_CONTENT_ID },
    { $setOnInsert: { ...DEFAULT_CONTENT, updated_at: now } },
    { upsert: true },
  )
  let features = 0
  if (!(await models.seeds.exists({ _id: FEATURES_SEED }))) {
    for (const [i, feature] of DEFAULT_FEATURES.entries()) {
      const r = await models.features.updateOne(
        { _id: seededFeatureId(i) },
        { $setOnInsert: { ...feature, sort_order: i, created_at: now } },
        { upsert: true },
      )
      features += r.upsertedCount
    }
    await models.seeds.updateOne({ _id: FEATURES_SEED }, { $setOnInsert: { at: now } }, { upsert: true })
  }
  return { content: content.upsertedCount > 0, features }
}
