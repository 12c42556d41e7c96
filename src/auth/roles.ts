// Who may do what in the newsroom (decision 077): each role can do what the roles before it
// can (reader < contributor < editor < admin). The API's guards and the desk's screens ask
// the same question here.
import type { Role } from '../db/users.ts'

const ROLE_RANK: Record<Role, number> = { reader: 0, contributor: 1, editor: 2, admin: 3 }

/** Whether `user` may do what `role` may. */
export function hasRole(user: { role: Role }, role: Role): boolean {
  return ROLE_RANK[user.role] >= ROLE_RANK[role]
}
