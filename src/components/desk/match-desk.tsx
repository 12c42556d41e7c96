// The live desk's screens (issue 16): the matches to run, by when, and one match's console,
// whose island takes over once it wakes (client/islands/live-console.tsx).
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactNode } from 'react'
import { href } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import type { DeskMatch, DeskMatches } from '../../db/desk-matches.ts'
import type { MatchSummary } from '../../db/football-fragments.ts'
import { usePageRequest } from '../../request-context.tsx'
import { Score, StatusBadge, TeamName } from '../football.tsx'
import { Island } from '../island.tsx'
import type { DeskSeason } from '../../db/desk-deductions.ts'
import { DeskTable, DeskTime } from './desk-parts.tsx'
import { FateLink } from './fixtures.tsx'
import { DeskSearch } from './football-parts.tsx'

function MatchTable({ caption, matches }: { caption: ReactNode; matches: MatchSummary[] }) {
  const { lang, renderedAt } = usePageRequest()
  return (
    <section>
      <h2>{caption}</h2>
      <DeskTable
        caption={caption}
        hideCaption
        columns={[<Trans>Match</Trans>, <Trans>Score</Trans>, <Trans>Status</Trans>, <Trans>Kick-off</Trans>, <Trans>Competition</Trans>, <Trans>Result or fate</Trans>]}
        items={matches}
        empty={<Trans>No match here.</Trans>}
        row={(match) => (
          <tr key={match.id}>
            <td>
              <a href={href(lang, 'deskMatch', { id: match.id })}>
                <TeamName team={match.home} /> – <TeamName team={match.away} />
              </a>
            </td>
            {/* A match to come has no score yet; its kick-off has a column of its own. */}
            <td>{match.status === 'scheduled' ? '–' : <Score match={match} />}</td>
            <td>
              <StatusBadge match={match} now={renderedAt} />
            </td>
            <td>
              <DeskTime iso={match.kickoff} />
            </td>
            <td>
              <bdi>{localized(match.competition.short, lang) || localized(match.competition.name, lang)}</bdi>
            </td>
            <td>
              <FateLink id={match.id} />
            </td>
          </tr>
        )}
      />
    </section>
  )
}

/** Each competition's matches still scheduled three hours past kick-off, the oldest first: an editor enters each result or fate. */
function NeedsResult({ competitions }: { competitions: DeskMatches['needsResult'] }) {
  const { lang } = usePageRequest()
  return (
    <section className="desk-needs-result">
      <h2>
        <Trans>Results awaited</Trans>
      </h2>
      {competitions.length === 0 ? (
        <p>
          <Trans>Every match that has kicked off has its result.</Trans>
        </p>
      ) : (
        competitions.map(({ competition, count, matches }) => (
          <Fragment key={competition.id}>
            <MatchTable
              caption={
                <Trans>
                  <bdi>{localized(competition.name, lang)}</bdi>: <Plural value={count} one="# match" other="# matches" />
                </Trans>
              }
              matches={matches}
            />
            {count > matches.length ? (
              <p>
                <Plural value={matches.length} one="Only the oldest is listed here." other="Only the oldest # are listed here." />
              </p>
            ) : null}
          </Fragment>
        ))
      )}
    </section>
  )
}

/** `needsResult`: the screen of the matches that need a result alone. */
export function MatchDeskList({ matches, q, needsResult, seasons }: { matches: DeskMatches; q: string; needsResult: boolean; seasons: DeskSeason[] }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <div className="desk-matches">
      <DeskSearch action={href(lang, 'deskMatches')} q={q} label={<Trans>Find a match by a club's name, or open one by its number</Trans>} />
      <form className="desk-search" method="get" action={href(lang, 'deskFixtures')}>
        <label htmlFor="desk-fixtures-season">
          <Trans>A season's fixtures and results</Trans>
        </label>
        <select id="desk-fixtures-season" name="season_id">
          {seasons.map((season) => (
            <option key={season.id} value={season.id}>
              {`${localized(season.competition.name, lang)} ${season.label}`}
            </option>
          ))}
        </select>
        <button className="button button-quiet" type="submit">
          <Trans>Open</Trans>
        </button>
      </form>
      {needsResult ? null : (
        <>
          <p className="desk-actions">
            <a href={href(lang, 'deskMatches', { needs: 'result' })}>
              <Trans>Only the results awaited</Trans>
            </a>
          </p>
          <MatchTable caption={t`Live now`} matches={matches.live} />
          <MatchTable caption={t`Today and the next seven days`} matches={matches.upcoming} />
          <MatchTable caption={t`The last seven days`} matches={matches.recent} />
        </>
      )}
      <NeedsResult competitions={matches.needsResult} />
    </div>
  )
}

export function MatchConsolePage({ desk }: { desk: DeskMatch }) {
  const { lang, renderedAt } = usePageRequest()
  const { match } = desk
  return (
    <div className="desk-console-page">
      <p className="desk-actions">
        <a href={href(lang, 'deskMatches')}>
          <Trans>Back to the live desk</Trans>
        </a>
        <a href={href(lang, 'match', { id: match.id })}>
          <Trans>The match page</Trans>
        </a>
        <a href={href(lang, 'deskMatchBroadcasts', { id: match.id })}>
          <Trans>Where to watch</Trans>
        </a>
      </p>
      <Island
        name="live-console"
        hydrate="load"
        props={{
          api: href(lang, 'deskMatchApi', { id: match.id }),
          teams: { home: localized(match.home.name, lang), away: localized(match.away.name, lang) },
          live: desk.live,
          squads: desk.squads,
          demo: match.demo,
          replayOf: match.replayOf,
          renderedAt,
        }}
      />
    </div>
  )
}
