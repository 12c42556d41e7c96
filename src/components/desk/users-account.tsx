// One account, for admins: who it is, the role form, and its sessions, each of which (or all
// at once) the admin can end. An ended session signs its device out at its next request.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { DeskSession, DeskUser } from '../../db/desk-users.ts'
import { ROLES } from '../../db/users.ts'
import { usePageRequest } from '../../request-context.tsx'
import { deviceOf } from '../profile/device.ts'
import { DeskField, DeskFormError, DeskTable, DeskTime } from './desk-parts.tsx'
import type { FailedDeskForm } from './inbox-message.tsx'
import { useRoleLabel } from './users-list.tsx'

export type AccountForm = 'role' | 'sessions'

const isOpen = (session: DeskSession, now: number) => session.revokedAt === null && Date.parse(session.expiresAt) > now

function SessionState({ session, now }: { session: DeskSession; now: number }) {
  if (session.revokedAt) {
    return (
      <>
        <Trans>Ended</Trans> <DeskTime iso={session.revokedAt} />
      </>
    )
  }
  if (!isOpen(session, now)) return <Trans>Expired</Trans>
  return <Trans>Open</Trans>
}

function SessionsTable({ user, sessions, now }: { user: DeskUser; sessions: DeskSession[]; now: number }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <DeskTable
      caption={<Trans>Sessions, newest first</Trans>}
      columns={[
        <Trans>Device</Trans>,
        <Trans>Signed in</Trans>,
        <Trans>Last seen</Trans>,
        <Trans>Expires</Trans>,
        <Trans>State</Trans>,
        <Trans>IP address</Trans>,
        <span className="visually-hidden">
          <Trans>Action</Trans>
        </span>,
      ]}
      items={sessions}
      empty={<Trans>This account has never signed in.</Trans>}
      row={(session) => {
        const { browser, system } = deviceOf(session.userAgent)
        const device = browser && system ? t`${browser} on ${system}` : (browser ?? system ?? t`An unknown device`)
        return (
          <tr key={session.id}>
            <td>
              <bdi>{device}</bdi>
              {session.userAgent ? (
                <span className="desk-muted desk-agent" dir="ltr">
                  {session.userAgent}
                </span>
              ) : null}
            </td>
            <td>
              <DeskTime iso={session.createdAt} />
            </td>
            <td>
              <DeskTime iso={session.lastSeenAt} />
            </td>
            <td>
              <DeskTime iso={session.expiresAt} />
            </td>
            <td>
              <SessionState session={session} now={now} />
            </td>
            <td>{session.ip ? <bdi dir="ltr">{session.ip}</bdi> : '–'}</td>
            <td>
              {isOpen(session, now) ? (
                <form method="post" action={href(lang, 'deskUserSessionsEnd', { id: user.id, session: session.id })}>
                  <button className="button button-quiet" type="submit">
                    <Trans>End this session</Trans>
                    <span className="visually-hidden">
                      {' '}
                      <bdi>{device}</bdi>
                    </span>
                  </button>
                </form>
              ) : null}
            </td>
          </tr>
        )
      }}
    />
  )
}

export function UserAccount({
  user,
  sessions,
  failed,
  now,
}: {
  user: DeskUser
  sessions: DeskSession[]
  failed?: FailedDeskForm<AccountForm>
  /** The request's time: which sessions are still open. */
  now: number
}) {
  const { lang } = usePageRequest()
  const roleLabel = useRoleLabel()
  const roleFailure = failed?.form === 'role' ? failed : undefined
  const open = sessions.filter((session) => isOpen(session, now)).length
  return (
    <div className="desk-account">
      <p>
        <a href={href(lang, 'deskUsers')}>
          <Trans>Back to the accounts</Trans>
        </a>
      </p>
      <dl className="desk-facts">
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>
          <bdi>{user.name}</bdi>
        </dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>
          <bdi dir="ltr">{user.email}</bdi>
        </dd>
        <dt>
          <Trans>Role</Trans>
        </dt>
        <dd>{roleLabel[user.role]}</dd>
        <dt>
          <Trans>Joined</Trans>
        </dt>
        <dd>
          <DeskTime iso={user.createdAt} />
        </dd>
      </dl>
      <section aria-labelledby="desk-account-role">
        <h2 id="desk-account-role">
          <Trans>Role</Trans>
        </h2>
        <form className="desk-filters" method="post" action={href(lang, 'deskUserRole', { id: user.id })}>
          <DeskFormError message={roleFailure?.failure.message} />
          <DeskField name="role" label={<Trans>What the account may do</Trans>} error={roleFailure?.failure.errors.role}>
            {(attributes) => (
              <select {...attributes} defaultValue={roleFailure?.values.role || user.role}>
                {ROLES.map((name) => (
                  <option key={name} value={name}>
                    {roleLabel[name]}
                  </option>
                ))}
              </select>
            )}
          </DeskField>
          <button className="button" type="submit">
            <Trans>Change the role</Trans>
          </button>
        </form>
      </section>
      <section aria-labelledby="desk-account-sessions">
        <h2 id="desk-account-sessions">
          <Trans>Sessions</Trans>
        </h2>
        <DeskFormError message={failed?.form === 'sessions' ? failed.failure.message : undefined} />
        <SessionsTable user={user} sessions={sessions} now={now} />
        {open > 0 ? (
          <form className="desk-actions" method="post" action={href(lang, 'deskUserSessionsEnd', { id: user.id })}>
            <button className="button" type="submit">
              <Trans>End every session</Trans>
            </button>
            <span className="desk-muted">
              <Trans>Signs the account out on every device at once.</Trans>
            </span>
          </form>
        ) : null}
      </section>
    </div>
  )
}
