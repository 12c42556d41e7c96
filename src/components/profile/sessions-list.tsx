import { Trans, useLingui } from '@lingui/react/macro'
import { zoneLabel } from '../../../lib/format.ts'
import { href } from '../../../lib/links.ts'
import { LOCALE_CONFIG } from '../../../lib/locales.ts'
import type { SessionItem } from '../../auth/profile-calls.ts'
import { usePageRequest } from '../../request-context.tsx'
import { deviceOf } from './device.ts'

/**
 * The signed-in devices (security.md: users see their sessions and end any of them, ASVS
 * 7.5.2): which browser on which system, when it signed in and was last seen, from where,
 * and a button that signs it out. This device is marked; signing it out signs the visitor out.
 */
export function SessionsList({ sessions }: { sessions: SessionItem[] }) {
  const { lang, timeZone } = usePageRequest()
  const { t } = useLingui()
  const when = new Intl.DateTimeFormat(LOCALE_CONFIG[lang].intl, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  // With the zone's offset, as kick-off times are: the reader may be far from the device.
  const date = (iso: string) => (
    <time dateTime={iso}>
      <bdi>{`${when.format(new Date(iso))} ${zoneLabel(new Date(iso), timeZone)}`}</bdi>
    </time>
  )
  return (
    <ul className="sessions">
      {sessions.map((session) => {
        const { browser, system } = deviceOf(session.user_agent)
        const device =
          browser && system ? t`${browser} on ${system}` : (browser ?? system ?? t`An unknown device`)
        const signedInAt = date(session.created_at)
        const lastActive = date(session.last_seen_at)
        const ip = session.ip
        return (
          <li key={session.id} className="session" aria-current={session.current ? 'true' : undefined}>
            <div className="session-about">
              <p className="session-device">
                <bdi>{device}</bdi>
                {session.current ? (
                  <span className="badge">
                    <Trans>This device</Trans>
                  </span>
                ) : null}
              </p>
              <p className="session-times">
                <Trans>Signed in {signedInAt}</Trans>
                <span aria-hidden="true"> · </span>
                <Trans>Last active {lastActive}</Trans>
              </p>
              {ip ? (
                <p className="session-ip">
                  <Trans>
                    IP address <bdi dir="ltr">{ip}</bdi>
                  </Trans>
                </p>
              ) : null}
            </div>
            <form method="post" action={href(lang, 'revokeSession', { id: session.id })}>
              <button className="button button-quiet" type="submit">
                <Trans>Sign out</Trans>
                <span className="visually-hidden">
                  {' '}
                  {session.current ? <Trans>this device</Trans> : <bdi>{device}</bdi>}
                </span>
              </button>
            </form>
          </li>
        )
      })}
    </ul>
  )
}
