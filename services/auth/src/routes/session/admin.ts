import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AUTH_MESSAGES, AuthUser } from '@site/contracts'
import { adminOnly, errorResponses } from '@site/service-kit'
import { currentAccount } from '../../lib/current-account.js'
import { toUserDto } from '../../lib/dto.js'

/** The auth service's 401 for calls that need a session (the web client shows it as is). */
export const SIGNED_OUT = { message: AUTH_MESSAGES.notSignedIn, code: 'NOT_SIGNED_IN' }

/** The current user (spec §7). */
const sessionAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { ...SIGNED_OUT, capability: 'account', audit: 'account' })
  app.get(
    '/api/auth/user',
    { schema: { tags: ['auth'], response: { 200: AuthUser, ...errorResponses(401, 503) } } },
    async (request) => {
      const user = await currentAccount(request, app.accounts.users)
      return toUserDto(user)
    },
  )
}

export default sessionAdmin
