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
}
