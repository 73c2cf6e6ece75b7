import { Schema, type Connection, type Model } from 'mongoose'
import type { TranslationSettings } from '@site/contracts'
import type { TLang } from './model.js'

/** The languages the setting exists for (Dutch is always on the site with its post). */
const HOLDABLE = ['en', 'de'] as const

/**
 * The translation settings (issue 47): per language, whether machine text may go live before a
 * person reviewed it. One document in the blog's database (the site has no other settings store);
 * absent = every language may (the behaviour before the setting existed).
 */
const SETTINGS_ID = 'translations'
type SettingsDoc = { _id: string; publish_unreviewed: Partial<Record<TLang, boolean>>; updated_at: Date }

const schema = new Schema<SettingsDoc>(
  {
    _id: { type: String, required: true },
    publish_unreviewed: { type: Schema.Types.Mixed, default: {} },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'blog_settings', versionKey: false },
)
type SettingsModel = Model<SettingsDoc>
const model = (db: Connection): SettingsModel =>
  (db.models.BlogSettings as SettingsModel | undefined) ??
  db.model<SettingsDoc>('BlogSettings', schema, 'blog_settings')

const view = (doc: Pick<SettingsDoc, 'publish_unreviewed'> | null): TranslationSettings => ({
  publish_unreviewed: Object.fromEntries(
    HOLDABLE.map((l) => [l, doc?.publish_unreviewed?.[l] !== false]),
  ) as TranslationSettings['publish_unreviewed'],
})

export async function readTranslationSettings(db: Connection): Promise<TranslationSettings> {
  return view(await model(db).findById(SETTINGS_ID).lean<SettingsDoc>())
}

/** The languages whose machine text stays off the site until reviewed. */
export async function heldLanguages(db: Connection): Promise<TLang[]> {
  const { publish_unreviewed } = await readTranslationSettings(db)
  return HOLDABLE.filter((l) => !publish_unreviewed[l])
}

export async function writeTranslationSettings(
  db: Connection,
  change: Partial<Record<TLang, boolean>>,
): Promise<{ before: TranslationSettings; after: TranslationSettings }> {
  const before = await readTranslationSettings(db)
  const set = Object.fromEntries(
    Object.entries(change)
      .filter(([l, v]) => (HOLDABLE as readonly string[]).includes(l) && typeof v === 'boolean')
      .map(([l, v]) => [`publish_unreviewed.${l}`, v]),
  )
  const doc = await model(db)
    .findByIdAndUpdate(
      SETTINGS_ID,
      { $set: { ...set, updated_at: new Date() } },
      { upsert: true, returnDocument: 'after' },
    )
    .lean<SettingsDoc>()
  return { before, after: view(doc) }
}
