/** A settings form's problem, under its fields (also announced). */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p className="field__error" id={id} role="alert">
      {message}
    </p>
  ) : null
}
