import type { FastifyRequest } from 'fastify'
import { AUTH_MESSAGES } from '@site/contracts'
import { isObjectId, unauthorized } from '@site/service-kit'
import type { UserDoc, UserModel } from '../models/user.js'

/**
 * The signed-in admin's account, with its password hash. 401 when signed out; a session whose
 * account no longer exists is ended.
 */
export async function currentAccount(request: FastifyRequest, users: UserModel): Promise<UserDoc> {
  const id = request.session?.user?.id
  if (!id) throw unauthorized(AUTH_MESSAGES.notSignedIn, 'NOT_SIGNED_IN')
  const user = isObjectId(id)
    ? await users.findById(id).select('+password_hash +totp_secret').lean<UserDoc>()
    : null
  if (!user || user.disabled) {
    await request.session.destroy()
    throw unauthorized(AUTH_MESSAGES.notSignedIn, 'NOT_SIGNED_IN')
  }
  return user
}
