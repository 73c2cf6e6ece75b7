import type { Config } from '../config.js'

const origin = (config: Pick<Config, 'PUBLIC_ORIGIN'>) => config.PUBLIC_ORIGIN.split(',')[0]!.trim()

/** The web app's page that opens an invitation (web: /admin/invite/:token). */
export const inviteLink = (config: Pick<Config, 'PUBLIC_ORIGIN'>, token: string) =>
  `${origin(config)}/admin/invite/${token}`

/** The web app's page that sets a new password (web: /admin/reset/:token). */
export const resetLink = (config: Pick<Config, 'PUBLIC_ORIGIN'>, token: string) =>
  `${origin(config)}/admin/reset/${token}`

export function inviteMail(
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'INVITE_TTL_DAYS'>,
  to: string,
  role: string,
  from: string,
  token: string,
) {
  return {
    to,
    subject: `You are invited to the website's admin as ${role}`,
    text: [
      `${from} invites you to the website's admin as ${role}.`,
      '',
      `Open this link to choose your name and password (it works once, for ${config.INVITE_TTL_DAYS} days):`,
      inviteLink(config, token),
      '',
      'If you did not expect this, you can ignore this mail.',
    ].join('\n'),
  }
}

export function resetMail(
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'PASSWORD_RESET_TTL_MINUTES'>,
  to: string,
  token: string,
) {
  return {
    to,
    subject: "Reset your password for the website's admin",
    text: [
      'Someone (we hope you) asked to reset the password of your account.',
      '',
      `Open this link to choose a new one (it works once, for ${config.PASSWORD_RESET_TTL_MINUTES} minutes):`,
      resetLink(config, token),
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  }
}
