import type { FastifyBaseLogger } from 'fastify'
import type { ChangeLog } from '@site/service-kit/changes'
import type { Models } from '../plugins/store.js'
import type { ObjectStore } from './objects.js'
import { VARIANT_PATH, variantPaths } from '@site/service-kit/editorial'

/** Deletes a stored image with its responsive variants and their record. */
export async function deleteStoredImage(models: Models, objects: ObjectStore, path: string): Promise<void> {
  const record = await models.imageVariants.findByIdAndDelete(path).lean()
  for (const variant of variantPaths(path, record?.widths ?? [])) await objects.delete(variant)
  await objects.delete(path)
}

/**
 * Whether a project image is still needed: a project shows it, or a kept revision of a project
 * does (a restore brings it back). It goes once the history's sweep has dropped those revisions.
 */
export async function imageInUse(models: Models, changes: ChangeLog, url: string): Promise<boolean> {
  if (await models.projects.exists({ image_url: url })) return true
  return Boolean(await changes.model.exists({ kind: 'project', revision: true, 'snapshot.image_url': url }))
}

/**
 * Deletes project images uploaded before `cutoff` that are not in use: uploads from a dialog that
 * was cancelled, and images replaced in an edit whose revisions are gone. Safe on several replicas
 * at once (deleting twice is harmless).
 */
export async function sweepOrphanImages(
  models: Models,
  changes: ChangeLog,
  objects: ObjectStore,
  cutoff: Date,
  log?: FastifyBaseLogger,
): Promise<number> {
  let removed = 0
  for (const path of await objects.listOlderThan('projects/', cutoff)) {
    // A variant goes with its original, never on its own.
    if (VARIANT_PATH.test(path)) continue
    if (await imageInUse(models, changes, `/objects/${path}`)) continue
    await deleteStoredImage(models, objects, path).then(
      () => removed++,
      (err: unknown) => log?.warn({ err, path }, 'could not delete an orphaned image'),
    )
  }
  if (removed) log?.info({ removed }, 'orphaned project images deleted')
  return removed
}
