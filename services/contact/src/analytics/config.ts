import { Type } from '@site/service-kit'

/** The analytics settings of the contact service and its worker (docs/security.md "Analytics"). */
export const analyticsConfigProperties = {
  /** Raw page views are kept this many days; the daily rollups stay. */
  ANALYTICS_RAW_DAYS: Type.Integer({ minimum: 1, default: 90 }),
  /** How often the worker moves the gateway's views from Redis into the store and rolls them up. */
  ANALYTICS_DRAIN_MS: Type.Integer({ minimum: 50, default: 5000 }),
  /** Longest period the admin's analytics may ask for, in days. */
  ANALYTICS_MAX_RANGE_DAYS: Type.Integer({ minimum: 1, default: 732 }),
}
