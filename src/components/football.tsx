// The building blocks of every football page. Names and scores sit in <bdi> so Latin and
// Arabic never reorder each other; the home side comes first in reading order, so in Arabic
// it stands on the right with its score beside it.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactNode, useId } from 'react'
import { dayKey, formatLongDate, formatTime, signedFigure, zoneLabel } from '../../lib/format.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import type { FormResult } from '../../lib/standings.ts'
import type { LiveProps } from '../../client/live/live-parts.tsx'
import { ScoreDigits, StatusBadge } from '../../client/live/scoreboard.tsx'
import { LOCAL_TIME_SRC } from '../assets.ts'
import type { MatchSummary, ScorePair, SeasonRef, TeamRef } from '../db/football-fragments.ts'
import { roundLabel } from '../football/round-labels.ts'
import { usePageRequest } from '../request-context.tsx'

export function TeamName({ team, full }: { team: Pick<TeamRef, 'name' | 'short'>; full?: boolean }) {
  const { lang } = usePageRequest()
  return <bdi>{localized(full ? team.name : team.short, lang) || localized(team.name, lang)}</bdi>
}

/** What a live part of a page seeds the match's feed with (client/live/match-feed.ts); events, live text and team sheets come apart. */
export function feedStart(match: MatchSummary): LiveProps {
  const { id, kickoff, version, status, minute, ft, ht, et, pen, phase, periodStartedAt } = match
  const snapshot = { version, status, minute, ft, ht, et, pen, phase, periodStartedAt }
  return { matchId: id, kickoff, snapshot: { ...snapshot, events: [], commentary: [], lineups: { home: null, away: null } } }
}

/** A signed figure ("+37") kept left to right, so Arabic shows its sign in front too. */
/**
 * A season's name as every page gives it: "2025/26 · final" once all its matches are done, so
 * no page shows a past season's table as if it were the current one (issue 34).
 */
export function useSeasonName(): (season: Pick<SeasonRef, 'label' | 'final'>) => string {
  const { t } = useLingui()
  return (season) => (season.final ? t`${season.label} · final` : season.label)
}

export function SignedNumber({ value }: { value: number }) {
  return (
    <bdi dir="ltr" className="signed">
      {signedFigure(value)}
    </bdi>
  )
}

export function TeamLink({ team, full }: { team: TeamRef; full?: boolean }) {
  const { lang } = usePageRequest()
  return (
    <a href={href(lang, 'club', { id: team.id })}>
      <TeamName team={team} full={full} />
    </a>
  )
}

/**
 * The kick-off time in the reader's zone with its label ("20:45 GMT+3"). The server guesses
 * the zone; client/local-time.ts corrects it to the browser's (React hoists the script once).
 */
export function KickoffTime({ iso }: { iso: string }) {
  const { timeZone, nonce } = usePageRequest()
  const instant = new Date(iso)
  return (
    <span className="kickoff">
      <time dateTime={instant.toISOString()} data-kickoff="">
        {formatTime(instant, timeZone)}
      </time>{' '}
      <span className="zone-label" data-zone-label="">
        {zoneLabel(instant, timeZone)}
      </span>
      <script type="module" async src={LOCAL_TIME_SRC} nonce={nonce} />
    </span>
  )
}

export { StatusBadge }

/** Statuses whose score stands for something: played, being played, stopped or decided. */
const SCORED: MatchSummary['status'][] = ['finished', 'awarded', 'live', 'suspended', 'abandoned']

function hasScore(match: MatchSummary): match is MatchSummary & { ft: ScorePair } {
  return match.ft !== null && SCORED.includes(match.status)
}

/** Home score, separator, away score: three flex items, so each score stays by its team. A veiled match (decision 139) says only that its score is hidden. */
export function Score({ match }: { match: MatchSummary }) {
  if (match.hidden) {
    return (
      <span className="score score-hidden">
        <Trans>Score hidden</Trans>
      </span>
    )
  }
  if (!hasScore(match)) {
    return <span className="score score-pending">{match.timeKnown && match.status === 'scheduled' ? <KickoffTime iso={match.kickoff} /> : '–'}</span>
  }
  return <ScoreDigits score={match.et ?? match.ft} pen={match.pen} />
}

/**
 * "Show the score": a spoiler-free reader's way to see one hidden match (decision 139). A plain
 * form, so it works without JavaScript: the server keeps the reveal and brings them back here.
 */
export function RevealScore({ match }: { match: Pick<MatchSummary, 'id'> }) {
  const { lang, path } = usePageRequest()
  return (
    <form className="reveal-score" method="post" action={href(lang, 'revealScore')}>
      <input type="hidden" name="match" value={match.id} />
      <input type="hidden" name="back" value={path} />
      <button className="button button-quiet" type="submit">
        <Trans>Show the score</Trans>
      </button>
    </form>
  )
}

/** Where goal tallies would tell a hidden match's score (top scorers, a player's record): they wait for the reveal (decision 139). */
export function GoalsHiddenNote() {
  return (
    <p className="spoiler-note">
      <Trans>Spoiler-free: goal tallies are hidden while they count a match whose score you have not revealed.</Trans>
    </p>
  )
}

export function MatchRow({ match, children }: { match: MatchSummary; children?: ReactNode }) {
  const { lang, renderedAt } = usePageRequest()
  return (
    <li className="match-row" id={match.hidden ? `match-${match.id}` : undefined}>
      <a className="match-link" href={href(lang, 'match', { id: match.id })}>
        <span className="team team-home">
          <TeamName team={match.home} />
        </span>
        <Score match={match} />
        <span className="team team-away">
          <TeamName team={match.away} />
        </span>
      </a>
      <StatusBadge match={match} now={renderedAt} />
      {match.hidden ? <RevealScore match={match} /> : null}
      {children}
    </li>
  )
}

/** `below`: what a page adds under a match's line (the matches page: where to watch it). */
export function MatchList<M extends MatchSummary>({
  matches,
  title,
  below,
  byDay = false,
}: {
  matches: M[]
  title?: ReactNode
  below?: (match: M) => ReactNode
  /** Under a heading per day, in the reader's zone: for lists that run over several days. */
  byDay?: boolean
}) {
  const titleId = useId()
  const { lang, timeZone } = usePageRequest()
  if (matches.length === 0) return null
  const rows = (list: M[]) => (
    <ul>
      {list.map((m) => (
        <MatchRow key={m.id} match={m}>
          {below?.(m)}
        </MatchRow>
      ))}
    </ul>
  )
  return (
    <section className="match-list" aria-labelledby={title ? titleId : undefined}>
      {title ? (
        <h3 className="match-list-title" id={titleId}>
          {title}
        </h3>
      ) : null}
      {byDay
        ? daysOf(matches, timeZone).map(({ day, list }) => (
            <Fragment key={day}>
              <p className="match-list-day">
                <time dateTime={day}>{formatLongDate(new Date(list[0]!.kickoff), lang, timeZone)}</time>
              </p>
              {rows(list)}
            </Fragment>
          ))
        : rows(matches)}
    </section>
  )
}

/** Consecutive matches of the same day in the zone, in the order given. */
function daysOf<M extends MatchSummary>(matches: M[], timeZone: string): { day: string; list: M[] }[] {
  const days: { day: string; list: M[] }[] = []
  for (const match of matches) {
    const day = dayKey(new Date(match.kickoff), timeZone)
    if (days.at(-1)?.day === day) days.at(-1)!.list.push(match)
    else days.push({ day, list: [match] })
  }
  return days
}

/** Rounds as the sources write them ("Matchday 5", "Round of 16"), worded in the page language. */
export function useRoundLabel(): (round: string | null) => string {
  const { i18n } = useLingui()
  return (round) => roundLabel(i18n, round)
}

const FORM_WORDS = { W: msg`Win`, D: msg`Draw`, L: msg`Loss` }
const FORM_LETTERS = { W: msg`W`, D: msg`D`, L: msg`L` }

/** The last five results, oldest first, each letter explained by its title. */
export function FormGuide({ form }: { form: FormResult[] }) {
  const { i18n } = useLingui()
  return (
    <span className="form-guide">
      {form.map((result, i) => (
        <abbr key={i} className={`form-${result}`} title={i18n._(FORM_WORDS[result])}>
          {i18n._(FORM_LETTERS[result])}
        </abbr>
      ))}
    </span>
  )
}
