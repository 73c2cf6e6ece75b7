// Login dialog and session toasts (spec §2, §8: English in the spec, shown as is in every language).
export const auth = {
  loginTitle: 'Admin Login',
  username: 'Username',
  code: 'Code from your authenticator app, or a recovery code',
  password: 'Password',
  cancel: 'Cancel',
  login: 'Login',
  loggingIn: 'Logging in...',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid credentials',
  loginSuccess: 'Login successful',
  welcomeBack: 'Welcome back!',
  loggedOut: 'Logged out',
  loggedOutText: 'You have been logged out successfully',
  // Issue 46: a role that requires two-factor sign-in, for an account without it (English, as the admin).
  setupRequired: 'Your role requires two-factor sign-in. Set it up now to continue.',
  setupScan: 'Scan this code with your authenticator app, or enter the key by hand:',
  setupCode: 'Code from the app',
  setupEnable: 'Turn on and sign in',
  setupCodes:
    'Two-factor sign-in is on. Your recovery codes each work once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  setupContinue: 'Continue',
}
