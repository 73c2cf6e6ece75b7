// Client-side rules the admin's forms share (spec §5, §9). The limits and messages are the
// services' own (`@site/contracts/rules`), so a message reads the same whether the browser or the
// server caught it. A form's own rules live beside it (tabs/<name>/<name>Form.ts).
import {
  CONTENT_LIMITS,
  PASSWORD_MIN,
  SLUG_PATTERN,
  USERNAME_MAX,
  USERNAME_MIN,
  contentFieldMessage,
} from '@site/contracts/rules'

export { CONTENT_LIMITS, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN }

/** 'Nederlandse titel moet 200 karakters of minder zijn', 'English title must be 200 characters or less', ... */
export const fieldMessage = contentFieldMessage

/** URL-safe page slug (the content service checks the same pattern). */
export const SLUG_RE = new RegExp(SLUG_PATTERN)
