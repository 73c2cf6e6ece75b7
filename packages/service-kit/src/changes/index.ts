// '@site/service-kit/changes': the change log for processes outside createService (workers,
// scripts); services reach theirs as `app.changes`.
export {
  ChangeLog,
  toChangeRecord,
  type AnnounceAlso,
  type ChangeInput,
  type ChangeLogOptions,
  type ReadLayer,
} from './log.js'
export { changedFields, toJsonSnapshot } from './fields.js'
export { sweepChanges, type SweepLimits } from './sweep.js'
export { changeModel, type ChangeDoc, type ChangeModel } from './model.js'
export { openWorker, type WorkerBase, type WorkerStartOptions } from './worker.js'
