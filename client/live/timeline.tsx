// A match's timeline: goals, cards and substitutions by minute. The server renders it for
// every match; on a live match page the browser redraws it as events arrive (client/live/draw.ts).
import { Trans, useLingui } from '@lingui/react/macro'
import { type MatchEvent, minuteText } from '../../lib/live.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locales.ts'
import { EVENT_WORDS, VAR_WORDS } from './live-words.ts'

export function Timeline({ events }: { events: MatchEvent[] }) {
  const { i18n } = useLingui()
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  if (events.length === 0) return null
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">
        <Trans>Timeline</Trans>
      </h2>
      <ol className="timeline">
        {events.map((e) => (
          <li key={e.id} className={`timeline-event side-${e.side === 1 ? 'home' : 'away'} event-${e.kind}`}>
            <bdi dir="ltr" className="timeline-minute">
              {minuteText(e)}
            </bdi>
            <span className="timeline-kind">
              {i18n._(EVENT_WORDS[e.kind])}
              {e.detail ? ` · ${i18n._(VAR_WORDS[e.detail])}` : null}
            </span>
            {e.playerId ? (
              <a href={href(lang, 'player', { id: e.playerId })}>
                <bdi>{localized(e.player, lang) || e.playerName}</bdi>
              </a>
            ) : e.playerName ? (
              <bdi>{e.playerName}</bdi>
            ) : null}
            {e.otherPlayerName ? <bdi className="timeline-other">{e.otherPlayerName}</bdi> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
