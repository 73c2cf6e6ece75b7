/** The Users tab, the invitation and reset pages, sessions and two-factor sign-in (issue 46). */
export const users = {
  heading: 'Users',
  intro: 'The people who can sign in, their role, two-factor sign-in and last sign-in.',
  columns: {
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
    twoFactor: '2FA',
    lastSignIn: 'Last sign-in',
    state: 'State',
  },
  never: 'never',
  on: 'on',
  off: 'off',
  disable: 'Disable',
  enable: 'Enable',
  changeRole: 'Role of',
  invitesHeading: 'Invitations waiting',
  noInvites: 'No invitations waiting.',
  inviteHeading: 'Invite a person',
  email: 'E-mail address',
  role: 'Role',
  languages: 'Languages (translators)',
  invite: 'Send invitation',
  invited: 'Invitation sent',
  resend: 'Resend',
  resent: 'Invitation sent again',
  revoke: 'Withdraw',
  revoked: 'Invitation withdrawn',
  expires: 'expires',
  expired: 'expired',
  saved: 'Saved',
  failed: 'That did not work',
  empty: 'Nobody yet.',
  pagerLabel: 'people',
}

export const sessions = {
  heading: 'Where you are signed in',
  current: 'this browser',
  end: 'Sign out',
  endOthers: 'Sign out everywhere else',
  ended: 'Signed out',
  signedIn: 'signed in',
  lastSeen: 'last seen',
}

export const twoFactor = {
  heading: 'Two-factor sign-in',
  isOn: 'Two-factor sign-in is on.',
  isOff: 'Sign-in asks for a code from an authenticator app after your password.',
  start: 'Set up two-factor sign-in',
  scan: 'Scan this code with your authenticator app, or enter the key by hand:',
  code: 'Code from the app',
  enable: 'Turn on',
  codesHeading: 'Your recovery codes',
  codesIntro: 'Each works once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  failed: 'That did not work',
  confirm: 'Your password or a code from the app',
  newCodes: 'New recovery codes',
  turnOff: 'Turn off',
  turnedOff: 'Two-factor sign-in is off',
  codesDone: 'I have kept them',
}

/** The owner's policy: which roles must use two-factor sign-in (issue 46). */
export const policy = {
  heading: 'Two-factor sign-in required for',
  intro: 'People in these roles set up two-factor sign-in at their next sign-in, before anything else.',
  ownerOnly: 'Only the owner changes this.',
  save: 'Save',
  saved: 'Saved',
}
