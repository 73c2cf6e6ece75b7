import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SecurityInfo } from '@site/contracts'
import { errorResponses } from '@site/service-kit'
import type { Config } from '../../config.js'
import { securityInfo } from '../../lib/security-info.js'

/** What the admin Settings tab lists under security information, from the running configuration. */
const securityInfoPublic: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const items = securityInfo(config)
  app.get(
    '/api/auth/security-info',
    { schema: { tags: ['auth'], response: { 200: SecurityInfo, ...errorResponses(503) } } },
    async () => ({ items }),
  )
}

export default securityInfoPublic
