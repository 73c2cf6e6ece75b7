/** A text in the site's languages: Dutch and English required, German optional (null when absent). */
export type Localized<N extends string> = { [K in `${N}_nl` | `${N}_en`]: string } & {
  [K in `${N}_de`]: string | null
}

/** The schema paths of a Localized field (`required`: Dutch and English must be there). */
export const localizedPaths = (name: string, required = true) => ({
  [`${name}_nl`]: required ? { type: String, required: true } : { type: String, default: null },
  [`${name}_en`]: required ? { type: String, required: true } : { type: String, default: null },
  [`${name}_de`]: { type: String, default: null },
})
