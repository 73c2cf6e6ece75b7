import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createTeamMailer, type TeamMailer } from '../lib/mailer.js'
import { invitationModel, type InvitationModel } from '../models/invitation.js'

/** Invitations, the team's mail and the reset links' Redis namespace (issue 46). */
export interface Team {
  invitations: InvitationModel
  mailer: TeamMailer
  /** Redis key of a password reset link (by its token's hash): the account id, until it expires or is used. */
  resetKey(hash: string): string
}

declare module 'fastify' {
  interface FastifyInstance {
    team: Team
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mailer = createTeamMailer(config)
    app.decorate('team', {
      invitations: invitationModel(app.db),
      mailer,
      resetKey: (hash: string) => `${config.QUEUE_PREFIX}:pw-reset:${hash}`,
    })
    app.addHook('onClose', async () => mailer.close())
  },
  { name: 'auth-team', dependencies: ['kit-redis'] },
)
