// The languages of a feature or of the site content in their editors (issue 47, docs/editorial.md
// "Translations: features and site content"): their lists read no state, so it is loaded here
// (the feature's admin read; the site content's board row) and refreshed with the document's key.
import type { Feature } from '@site/contracts'
import { getFeature } from '@/api/features'
import { getTranslationBoard } from '@/api/translations'
import { invalidateQueries, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { DocumentLanguages } from './DocumentLanguages'

export function FeatureLanguages({ id }: { id: string }) {
  const query = useQuery([...queryKeys.features, 'languages', id], () => getFeature(id))
  if (!query.data) return null
  return (
    <DocumentLanguages<Feature>
      type="feature"
      doc={query.data}
      onChanged={() => void invalidateQueries(queryKeys.features)}
    />
  )
}

/** `version`: the site content's `updated_at` as the tab shows it (a save or a restore reloads the states). */
export function ContentLanguages({ version }: { version: string }) {
  const query = useQuery([...queryKeys.content, 'languages', version], (signal) =>
    getTranslationBoard({ type: 'content', page: 1, pageSize: 1 }, signal),
  )
  const row = query.data?.items[0]
  if (!row) return null
  return <DocumentLanguages type="content" doc={{ id: row.id, translations: row.cells }} />
}
