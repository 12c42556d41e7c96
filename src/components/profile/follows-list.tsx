import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ALERT_KINDS, type AlertKind } from '../../../lib/alert-kinds.ts'
import { FOLLOWS_LIST_ANCHOR, type FollowType } from '../../../lib/follows.ts'
import { href } from '../../../lib/links.ts'
import type { Locale } from '../../../lib/locales.ts'
import type { FollowItem } from '../../auth/profile-calls.ts'
import { usePageRequest } from '../../request-context.tsx'
import { ProfileSection } from './profile-section.tsx'

const ALERT_NAMES: Record<AlertKind, MessageDescriptor> = {
  kickoff: msg`Kick-off`,
  lineups: msg`Team sheets`,
  goal: msg`Goals`,
  red_card: msg`Red cards`,
  penalty_missed: msg`Missed penalties`,
  half_time: msg`Half-time`,
  full_time: msg`Full-time`,
  correction: msg`Corrections`,
  news: msg`News`,
}

const TYPE_NAMES: Record<FollowType, MessageDescriptor> = {
  club: msg`Club`,
  player: msg`Player`,
  competition: msg`Competition`,
  match: msg`Match`,
}

function pageOf(lang: Locale, follow: FollowItem): string {
  if (follow.type === 'competition') return href(lang, 'league', { id: follow.id })
  return href(lang, follow.type, { id: follow.id })
}

/**
 * What the reader follows (issue 27, section 1), newest first: each with the alerts it asks
 * for, a link to its page, and a button that unfollows it without JavaScript. The alerts open
 * into a form of checkboxes, one per kind, that changes them without JavaScript too.
 */
export function FollowsList({ follows }: { follows: FollowItem[] }) {
  const { lang } = usePageRequest()
  const { i18n } = useLingui()
  const list = new Intl.ListFormat(lang, { type: 'conjunction' })
  return (
    <ProfileSection id={FOLLOWS_LIST_ANCHOR} title={<Trans>What you follow</Trans>}>
      {follows.length === 0 ? (
        <p>
          <Trans>You follow nothing yet. Follow clubs, players, competitions and matches from their pages.</Trans>
        </p>
      ) : (
        <ul className="follows">
          {follows.map((follow) => (
            <li key={`${follow.type}:${follow.id}`} className="follow-item">
              <p>
                <span className="badge">{i18n._(TYPE_NAMES[follow.type])}</span>{' '}
                <a href={pageOf(lang, follow)}>
                  <bdi>{follow.name}</bdi>
                </a>
              </p>
              <details className="follow-alerts">
                <summary>
                  {follow.alerts.length === 0 ? (
                    <Trans>No alerts</Trans>
                  ) : (
                    <Trans>Alerts: {list.format(follow.alerts.map((kind) => i18n._(ALERT_NAMES[kind])))}</Trans>
                  )}
                </summary>
                <form method="post" action={href(lang, 'followsAlerts')} className="follow-alerts-form">
                  <input type="hidden" name="type" value={follow.type} />
                  <input type="hidden" name="id" value={follow.id} />
                  <input type="hidden" name="back" value={href(lang, 'profile')} />
                  <fieldset>
                    <legend>
                      <Trans>
                        Alerts for <bdi>{follow.name}</bdi>
                      </Trans>
                    </legend>
                    {ALERT_KINDS.map((kind) => (
                      <label key={kind}>
                        <input type="checkbox" name="alerts" value={kind} defaultChecked={follow.alerts.includes(kind)} /> {i18n._(ALERT_NAMES[kind])}
                      </label>
                    ))}
                  </fieldset>
                  <button className="button" type="submit">
                    <Trans>Save alerts</Trans>
                  </button>
                </form>
              </details>
              <form method="post" action={href(lang, 'followsRemove')}>
                <input type="hidden" name="type" value={follow.type} />
                <input type="hidden" name="id" value={follow.id} />
                <input type="hidden" name="back" value={href(lang, 'profile')} />
                <button className="button" type="submit">
                  <Trans>Unfollow</Trans>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  )
}
