import { Schema, type Connection, type Model } from 'mongoose'
import { isRole, type Role } from '@site/contracts'

/** The team's sign-in policy (issue 46): one document, `_id: 'team'`, in the auth service's database. */
export type PolicyDoc = {
  _id: string
  /** Roles whose accounts must sign in with a second factor (set up at their next sign-in). */
  require_two_factor: Role[]
  updated_at: Date
}

const schema = new Schema<PolicyDoc>(
  {
    _id: { type: String, required: true },
    require_two_factor: { type: [String], default: [] },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'policy', versionKey: false },
)

export type PolicyModel = Model<PolicyDoc>
const ID = 'team'

export function policyModel(db: Connection): PolicyModel {
  return (db.models.Policy as PolicyModel | undefined) ?? db.model<PolicyDoc>('Policy', schema)
}

/** The roles that must use two-factor sign-in (none until an owner chooses). */
export async function requiredRoles(policies: PolicyModel): Promise<Role[]> {
  const doc = await policies.findById(ID).lean<PolicyDoc>()
  return (doc?.require_two_factor ?? []).filter(isRole)
}

export async function setRequiredRoles(policies: PolicyModel, roles: Role[], at: Date): Promise<void> {
  await policies.updateOne(
    { _id: ID },
    { $set: { require_two_factor: roles, updated_at: at } },
    { upsert: true },
  )
}
