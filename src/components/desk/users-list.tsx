// Accounts, for admins: found by name or address, narrowed to a role.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { DeskUser } from '../../db/desk-users.ts'
import { ROLES, type Role } from '../../db/users.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskTime } from './desk-parts.tsx'

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
      {users.length === 0 ? (
        <p className="desk-empty">
          <Trans>No account matches.</Trans>
        </p>
      ) : (
        <div className="desk-table-wrap">
          <table className="desk-table">
            <caption>
              <Trans>Accounts, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Email</Trans>
                </th>
                <th scope="col">
                  <Trans>Role</Trans>
                </th>
                <th scope="col">
                  <Trans>Joined</Trans>
                </th>
                <th scope="col">
                  <Trans>Open sessions</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
