import { imageSize } from '../../images.js'
import type { ImageVariantsModel } from './model.js'
import { VARIANT_PATH, processVariants, type VariantStore } from './process.js'

export interface BackfillResult {
  images: number
  alreadyDone: number
  made: number
  failed: number
  variantBytes: number
}

/**
 * The one-off backfill of images stored before their variants job existed: `paths` are the service's
 * stored originals; those whose record is done are skipped (safe to repeat). Runs the job's own
 * function here, `concurrency` images at a time; `enqueue`, when given, hands them to the worker instead.
 */
export async function backfillVariants(
  paths: string[],
  deps: { objects: VariantStore; variants: ImageVariantsModel },
  opts: {
    concurrency?: number
    enqueue?: (path: string) => Promise<unknown>
    log?: (line: string) => void
  } = {},
): Promise<BackfillResult> {
  const originals = paths.filter((p) => !VARIANT_PATH.test(p))
  const done = new Set((await deps.variants.find({ done: true }, { _id: 1 }).lean()).map((r) => r._id))
  const todo = originals.filter((p) => !done.has(p))
  const result = {
    images: originals.length,
    alreadyDone: originals.length - todo.length,
    made: 0,
    failed: 0,
    variantBytes: 0,
  }
  if (opts.enqueue) {
    for (const path of todo) await opts.enqueue(path)
    return { ...result, made: todo.length }
  }
  const queue = [...todo]
  const run = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      try {
        const original = await deps.objects.get(path)
        const size = original && (await imageSize(original.bytes))
        if (!size) throw new Error('cannot be decoded')
        await deps.variants.updateOne(
          { _id: path },
          { $setOnInsert: { ...size, widths: [], done: false, updated_at: new Date() } },
          { upsert: true },
        )
        result.variantBytes += (await processVariants({ path }, deps)).bytes
        result.made++
      } catch (err) {
        result.failed++
        opts.log?.(`${path}: ${(err as Error).message}`)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, run))
  return result
}
