import type { FastifyBaseLogger } from 'fastify'
import type { Models } from '../plugins/store.js'
import type { ObjectStore } from './objects.js'

/**
 * Deletes project images uploaded before `cutoff` that no project shows: uploads from a dialog that
 * was cancelled. Safe on several replicas at once (deleting twice is harmless).
 */
export async function sweepOrphanImages(
  models: Models,
  objects: ObjectStore,
  cutoff: Date,
  log?: FastifyBaseLogger,
): Promise<number> {
  let removed = 0
  for (const path of await objects.listOlderThan('projects/', cutoff)) {
    if (await models.projects.exists({ image_url: `/objects/${path}` })) continue
    await objects.delete(path).then(
      () => removed++,
      (err: unknown) => log?.warn({ err, path }, 'could not delete an orphaned image'),
    )
  }
  if (removed) log?.info({ removed }, 'orphaned project images deleted')
  return removed
}
