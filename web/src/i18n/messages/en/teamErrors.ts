import type { Messages } from '../types'

export const teamErrors: Messages['teamErrors'] = {
  EMAIL_TAKEN: 'This e-mail address is already in use.',
  INVITE_PENDING: 'An invitation to this e-mail address is already waiting. Resend it instead.',
  USERNAME_TAKEN: 'This username is already taken.',
  PASSWORD_TOO_SHORT: 'The password must be at least 8 characters long.',
  PASSWORD_TOO_LONG: 'The password must be at most 1024 characters long.',
  WRONG_CODE: 'That code is not right. Use the current code from your app or an unused recovery code.',
  WRONG_CONFIRMATION: 'That password or code is not right.',
  FORBIDDEN_ROLE: 'Your role does not allow this: you cannot give a role above your own.',
  TWO_FACTOR_REQUIRED: 'Your role requires two-factor sign-in: it cannot be turned off.',
  TWO_FACTOR_EXPIRED: 'Your sign-in expired. Please enter your password again.',
  TWO_FACTOR_FIRST: 'Turn on two-factor sign-in for your own account first.',
  OWNER_ONLY: 'Only the owner can change this.',
  failed: 'That did not work.',
}
