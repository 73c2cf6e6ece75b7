/**
 * A `mailto:` link to one address. Both halves are percent-encoded, so no character of the address
 * can start a query (`?`), add a header such as Cc or Subject (`&`, `=`), decode into one (`%`) or
 * end the address (`#`): the link always writes to exactly the stored address.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return `mailto:${encodeURIComponent(address)}`
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
}
