import { Type, type Static } from 'typebox'
import type { Locale } from './locale.js'

export * from './role-table.js'

// Spelled out: TypeBox infers a union mapped from an array as never.
export const Languages = Type.Array(
  Type.Union([Type.Literal('nl'), Type.Literal('en'), Type.Literal('de')]),
  {
    maxItems: 10,
  },
)
export type Languages = Locale[]

export const RoleSchema = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('editor'),
  Type.Literal('author'),
  Type.Literal('translator'),
])
export const AccountState = Type.Union([
  Type.Literal('invited'),
  Type.Literal('active'),
  Type.Literal('disabled'),
])
export type AccountState = Static<typeof AccountState>

/** One person as the Users tab lists them. */
export const TeamMember = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  display_name: Type.Union([Type.String(), Type.Null()]),
  role: RoleSchema,
  languages: Type.Array(Type.String()),
  state: AccountState,
  two_factor: Type.Boolean(),
  last_sign_in_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
})
export type TeamMember = Static<typeof TeamMember>

/** PATCH /api/admin/users/{id}. */
export const TeamMemberUpdate = Type.Object({
  role: Type.Optional(RoleSchema),
  languages: Type.Optional(Languages),
  disabled: Type.Optional(Type.Boolean()),
})
export type TeamMemberUpdate = Static<typeof TeamMemberUpdate>
