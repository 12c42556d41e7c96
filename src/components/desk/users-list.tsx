// Accounts, for admins: found by name or address, narrowed to a role.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { DeskUser } from '../../db/desk-users.ts'
import { ROLES, type Role } from '../../db/users.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskTable, DeskTime } from './desk-parts.tsx'

export function useRoleLabel(): Record<Role, string> {
  const { t } = useLingui()
  return { reader: t`Reader`, contributor: t`Contributor`, editor: t`Editor`, admin: t`Admin` }
}

export function UsersList({ users, query, role }: { users: DeskUser[]; query: string; role: Role | undefined }) {
  const { lang } = usePageRequest()
  const roleLabel = useRoleLabel()
  return (
    <>
      <form className="desk-filters" method="get" action={href(lang, 'deskUsers')} role="search">
        <div className="form-field">
          <label htmlFor="users-q">
            <Trans>Name or email</Trans>
          </label>
          <input id="users-q" name="q" type="search" maxLength={100} defaultValue={query} dir="auto" />
        </div>
        <div className="form-field">
          <label htmlFor="users-role">
            <Trans>Role</Trans>
          </label>
          <select id="users-role" name="role" defaultValue={role ?? ''}>
            <option value="">
              <Trans>Any role</Trans>
            </option>
            {ROLES.map((name) => (
              <option key={name} value={name}>
                {roleLabel[name]}
              </option>
            ))}
          </select>
        </div>
        <button className="button" type="submit">
          <Trans>Search</Trans>
        </button>
      </form>
      <DeskTable
        caption={<Trans>Accounts, newest first</Trans>}
        columns={[<Trans>Name</Trans>, <Trans>Email</Trans>, <Trans>Role</Trans>, <Trans>Joined</Trans>, <Trans>Open sessions</Trans>]}
        items={users}
        empty={<Trans>No account matches.</Trans>}
        row={(user) => (
        <tr key={user.id}>
          <td>
            <a href={href(lang, 'deskUser', { id: user.id })}>
              <bdi>{user.name}</bdi>
            </a>
          </td>
          <td>
            <bdi dir="ltr">{user.email}</bdi>
          </td>
          <td>{roleLabel[user.role]}</td>
          <td>
            <DeskTime iso={user.createdAt} />
          </td>
          <td>{user.activeSessions}</td>
        </tr>
        )}
      />
    </>
  )
}
