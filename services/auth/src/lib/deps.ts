import type { FastifyRequest } from 'fastify'
import mongoose from 'mongoose'
import { AUTH_MESSAGES } from '@site/contracts'
import { unauthorized } from '@site/service-kit'
import type { Config } from '../config.js'
import type { UserDoc, UserModel } from '../models/user.js'
import type { PasswordHasher } from './passwords.js'
import type { LoginLimiter } from './login-limiter.js'
import type { RedisSessionStore } from './session-store.js'

/** What the route handlers work with, built once per app. */
export interface AuthDeps {
  config: Config
  users: UserModel
  hasher: PasswordHasher
  limiter: LoginLimiter
  sessions: RedisSessionStore
  now: () => number
}

/**
 * The signed-in admin's account, with its password hash. 401 when signed out; a session whose
 * account no longer exists is ended.
 */
export async function currentAccount(request: FastifyRequest, users: UserModel): Promise<UserDoc> {
  const id = request.session?.user?.id
  if (!id) throw unauthorized(AUTH_MESSAGES.notSignedIn, 'NOT_SIGNED_IN')
  const user = mongoose.isValidObjectId(id) ? await users.findById(id).select('+password_hash').lean<UserDoc>() : null
  if (!user) {
    await request.session.destroy()
    throw unauthorized(AUTH_MESSAGES.notSignedIn, 'NOT_SIGNED_IN')
  }
  return user
}
