import type { Locale } from '@site/contracts'
import type { ProofOutcome } from './proof.js'

/**
 * The form's own refusals in the language of the form (the request's `language`): a visitor whose
 * browser could not finish the proof, or who sent it twice, reads what to do, ending as the spec's
 * error texts do (§8: "Please try again." / "Probeer het opnieuw." / "Bitte versuchen Sie es erneut.").
 */
const MESSAGES: Record<Exclude<ProofOutcome, 'ok'> | 'budget', Record<Locale, string>> = {
  missing: {
    nl: 'Het formulier kon niet worden gecontroleerd. Wacht even en probeer het dan opnieuw.',
    en: 'The form could not be verified. Please wait a moment and try again.',
    de: 'Das Formular konnte nicht geprüft werden. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  },
  invalid: {
    nl: 'Het formulier kon niet worden gecontroleerd. Laad de pagina opnieuw en probeer het nog eens.',
    en: 'The form could not be verified. Please reload the page and try again.',
    de: 'Das Formular konnte nicht geprüft werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  },
  expired: {
    nl: 'Het formulier is verlopen. Probeer het opnieuw.',
    en: 'The form has expired. Please try again.',
    de: 'Das Formular ist abgelaufen. Bitte versuchen Sie es erneut.',
  },
  used: {
    nl: 'Dit formulier is al verstuurd. Probeer het opnieuw.',
    en: 'This form was already sent. Please try again.',
    de: 'Dieses Formular wurde bereits gesendet. Bitte versuchen Sie es erneut.',
  },
  budget: {
    nl: 'Er komen nu heel veel berichten binnen. Probeer het over een minuut opnieuw.',
    en: 'Very many messages are arriving right now. Please try again in a minute.',
    de: 'Gerade kommen sehr viele Nachrichten an. Bitte versuchen Sie es in einer Minute erneut.',
  },
}

export const guardMessage = (kind: keyof typeof MESSAGES, language: Locale) => MESSAGES[kind][language]

export const PROOF_CODES: Record<Exclude<ProofOutcome, 'ok'>, { status: number; code: string }> = {
  missing: { status: 400, code: 'PROOF_REQUIRED' },
  invalid: { status: 400, code: 'PROOF_INVALID' },
  expired: { status: 400, code: 'PROOF_EXPIRED' },
  used: { status: 409, code: 'PROOF_USED' },
}
