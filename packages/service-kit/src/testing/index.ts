/**
 * Helpers for the services' tap tests. They run against the real MongoDB-compatible server and
 * Redis that `npm test` provides through MONGO_URL and REDIS_URL (scripts/test.mjs).
 */
export {
  TEST_ORIGIN,
  TEST_SESSION_SECRET,
  testEnv,
  createTestSession,
  testClientIp,
  clientRequest,
} from './env.js'
export { freePort, waitForPort, startRedisServer } from './servers.js'
export {
  fuzzVerdict,
  fuzzWriteRoutes,
  hostileJsonBodies,
  hostileMultipartBodies,
  snapshotDatabase,
  type FuzzResult,
  type HostileBody,
} from './hostile.js'
export { parsePrometheus, scrape, type Sample } from './prometheus.js'
export { startFakeOpenAI, type FakeOpenAIReply, type FakeOpenAIRequest } from './fake-openai.js'
export { testApp, type TestApp, type TestAppOptions } from './app.js'
export { listenForPurges } from './purges.js'
export { dropQueue, firstSeen, promoteJob, queuedJob, runJobNow } from './schedule.js'
export {
  captureQueries,
  judgeQueries,
  queryShape,
  pushedPart,
  documentedShapes,
  queryRecorder,
  holdQueries,
  type CapturedQuery,
  type QueryPlan,
} from './query-plans.js'
