// Scheduled publishing of posts and pages (docs/editorial.md) with
// BullMQ delayed jobs; the rules (no BullMQ) are in the kit's main entry.
export * from './jobs.js'
export { createScheduleQueue, startScheduleWorker } from './worker.js'
