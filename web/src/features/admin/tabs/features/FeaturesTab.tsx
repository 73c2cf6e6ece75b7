// Features tab (spec §2): the features in their order with move up/down (PUT /api/features/order),
// edit and delete, and 'New Feature'.
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useState } from 'react'
import type { Feature } from '@site/contracts'
import { Button, FeatureIcon } from '@/components'
import { deleteFeature, listFeatures, reorderFeatures } from '@/api/features'
import { invalidateQueries, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { ItemRow } from '../../components/list/ItemRow'
import { ListState } from '../../components/list/ListState'
import { NewButton, Section } from '../../components/list/Section'
import { useConfirm } from '../../hooks/useConfirm'
import { useEditDialog } from '../../hooks/useEditDialog'
import { deleteAndRefresh, toastError, toastSuccess } from '../../lib/toasts'
import { FeatureDialog } from './FeatureDialog'
import { texts } from '../../texts'
import { HistoryButton } from '../../components/history/HistoryDialog'

export function FeaturesTab() {
  const t = texts
  const tf = t.features
  const query = useQuery(queryKeys.features, listFeatures)
  const dialog = useEditDialog<Feature>()
  const [moving, setMoving] = useState(false)
  const confirm = useConfirm<Feature>()

  const remove = (feature: Feature) =>
    deleteAndRefresh(
      () => deleteFeature(feature.id),
      queryKeys.features,
      { title: tf.deleted, description: tf.deletedText },
      { title: tf.failed, fallback: tf.failedText },
    )

  async function move(list: Feature[], index: number, delta: -1 | 1) {
    const target = index + delta
    if (target < 0 || target >= list.length) return
    const ids = list.map((f) => f.id)
    ;[ids[index], ids[target]] = [ids[target]!, ids[index]!]
    setMoving(true)
    try {
      await reorderFeatures(ids)
      await invalidateQueries(queryKeys.features)
      toastSuccess(tf.reordered, tf.reorderedText)
      // Keep the keyboard focus on the moved item's same button.
      requestAnimationFrame(() =>
        document.getElementById(`feature-move-${delta < 0 ? 'up' : 'down'}-${list[index]!.id}`)?.focus(),
      )
    } catch (err) {
      toastError(tf.failed, err, tf.failedText)
    } finally {
      setMoving(false)
    }
  }

  return (
    <Section
      title={tf.heading}
      id="admin-features"
      action={<NewButton label={tf.newItem} onClick={dialog.openNew} />}
    >
      <ListState query={query} empty={tf.empty}>
        {(features) => (
          <ol className="admin-list" data-testid="admin-features-list">
            {features.map((feature, i) => (
              <ItemRow
                key={feature.id}
                lead={
                  <>
                    <div className="admin-row__order">
                      <Button
                        id={`feature-move-up-${feature.id}`}
                        variant="ghost"
                        size="icon"
                        aria-label={tf.moveUp(feature.title_nl)}
                        disabled={moving || i === 0}
                        onClick={() => void move(features, i, -1)}
                      >
                        <ArrowUp size={16} aria-hidden />
                      </Button>
                      <Button
                        id={`feature-move-down-${feature.id}`}
                        variant="ghost"
                        size="icon"
                        aria-label={tf.moveDown(feature.title_nl)}
                        disabled={moving || i === features.length - 1}
                        onClick={() => void move(features, i, 1)}
                      >
                        <ArrowDown size={16} aria-hidden />
                      </Button>
                    </div>
                    <div className="admin-row__icon" aria-hidden="true">
                      <FeatureIcon value={feature.icon} size={20} />
                    </div>
                  </>
                }
                title={feature.title_nl}
                meta={
                  <>
                    <span lang="en">{feature.title_en}</span>
                    <span className="admin-row__desc">{feature.description_nl}</span>
                  </>
                }
                name={feature.title_nl}
                extra={
                  <HistoryButton
                    path={`/api/features/${feature.id}`}
                    name={feature.title_nl}
                    refresh={queryKeys.features}
                  />
                }
                onEdit={() => dialog.openEdit(feature)}
                onDelete={() => confirm.ask(feature)}
              />
            ))}
          </ol>
        )}
      </ListState>
      <FeatureDialog open={dialog.open} feature={dialog.item} onOpenChange={dialog.onOpenChange} />
      <ConfirmDialog
        {...confirm.dialogProps}
        text={t.confirmDelete(confirm.target?.title_nl ?? '')}
        onConfirm={() => remove(confirm.target!)}
      />
    </Section>
  )
}
