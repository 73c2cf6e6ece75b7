import type { Static, TSchema } from 'typebox'
import Compile from 'typebox/compile'

/**
 * A reader of JSON texts of one contract's shape (a Redis list, a queue): the value when the text
 * parses and matches the schema, else null, never a throw. The schema is compiled once.
 */
export function checkedJson<S extends TSchema>(schema: S): (text: string) => Static<S> | null {
  const validator = Compile(schema)
  return (text) => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return null
    }
    return validator.Check(value) ? (value as Static<S>) : null
  }
}
