import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { localized } from '../../lib/localized.ts'
import type { Unsettled, Zone, ZoneKind } from '../../lib/standings-rules.ts'
import type { Table } from '../football/tables.ts'
import { usePageRequest } from '../request-context.tsx'
import { feedStart, FormGuide, MatchList, SignedNumber, TeamLink, TeamName } from './football.tsx'
import { Island } from './island.tsx'

/** What decides the order of clubs level on everything Hadaf holds (also the desk's choices of it). */
export const DECIDERS: Record<Unsettled, MessageDescriptor> = {
  'play-off': msg`a play-off`,
  'fair-play': msg`fair-play points`,
  lots: msg`the drawing of lots`,
  coefficient: msg`disciplinary points and the club coefficient`,
  ranking: msg`team conduct and the world ranking`,
}

/** What the rows of a zone go on to, as the legend names them. */
export const ZONE_NAMES: Record<ZoneKind, MessageDescriptor> = {
  champions: msg`Champions`,
  continental: msg`Continental competition`,
  'promotion-playoff': msg`Promotion play-off`,
  'relegation-playoff': msg`Relegation play-off`,
  relegation: msg`Relegation`,
}

/** A zone's places in words: "1" or "18–20". */
const places = (zone: Zone) => (zone.from === zone.to ? String(zone.from) : `${zone.from}–${zone.to}`)

/**
 * A league or group table. `limit` shows the top rows only (the home page's snippet). Points
 * are after any deduction, each explained under the table with its source; clubs level on
 * every criterion Hadaf holds are marked, with what decides between them. A table as it
 * stands says so, marks the clubs playing now, lists their matches and keeps itself current
 * (client/plain/standings-live.ts, which finds it by data-standings). `followed` (My Hadaf):
 * the reader's clubs, marked by a class and a word for screen readers, not by colour alone.
 */
export function StandingsTable({ table, caption, limit, highlight, followed }: { table: Table; caption: ReactNode; limit?: number; highlight?: number[]; followed?: number[] }) {
  const { t, i18n } = useLingui()
  const { lang } = usePageRequest()
  const notesId = useId()
  const { rows, teams } = table
  const shown = limit ? rows.slice(0, limit) : rows
  // The notes speak of the rows shown: the home page's top six need no word on the 15th.
  const deductions = table.deductions.filter((d) => shown.some((row) => row.team === d.clubId))
  const undecided = shown.some((row) => row.undecided)
  // The competition's zones (champions, relegation …) that reach a row shown: each row is marked
  // at its start, and the legend names each zone with its places, so colour is never the only sign.
  const zones = table.rules.zones.filter((zone) => zone.from <= shown.length)
  const zoneAt = (place: number) => zones.find((zone) => place >= zone.from && place <= zone.to)
  const decider = i18n._(DECIDERS[table.rules.then])
  const provisional = table.live.length > 0
  const playing = new Set(table.live.flatMap((m) => [m.home.id, m.away.id]))
  const liveShown = table.live.filter((m) => shown.some((row) => row.team === m.home.id || row.team === m.away.id))
  return (
    <div className="table-scroll" data-standings="">
      {provisional ? <Island name="standings-live" props={{ matches: table.live.map(feedStart) }} /> : null}
      <table className={limit ? 'standings standings-compact' : 'standings'}>
        <caption>
          {caption}
          {provisional ? (
            <>
              {' '}
              <span className="status-badge status-live">
                <Trans>As it stands</Trans>
              </span>
            </>
          ) : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col" className="standings-team">
              <Trans>Team</Trans>
            </th>
            <th scope="col">
              <abbr title={t`Played`}>{t`P`}</abbr>
            </th>
            <th scope="col">
              <abbr title={t`Won`}>{t`W`}</abbr>
            </th>
            <th scope="col">
              <abbr title={t`Drawn`}>{t`D`}</abbr>
            </th>
            <th scope="col">
              <abbr title={t`Lost`}>{t`L`}</abbr>
            </th>
            <th scope="col" className="standings-wide">
              <abbr title={t`Goals for`}>{t`GF`}</abbr>
            </th>
            <th scope="col" className="standings-wide">
              <abbr title={t`Goals against`}>{t`GA`}</abbr>
            </th>
            <th scope="col">
              <abbr title={t`Goal difference`}>{t`GD`}</abbr>
            </th>
            <th scope="col">
              <abbr title={t`Points`}>{t`Pts`}</abbr>
            </th>
            {limit ? null : (
              <th scope="col" className="standings-wide">
                <Trans>Form</Trans>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => {
            const team = teams.get(row.team)
            const zone = zoneAt(index + 1)
            return (
              <tr key={row.team} className={[highlight?.includes(row.team) && 'is-highlighted', followed?.includes(row.team) && 'is-followed'].filter(Boolean).join(' ') || undefined}>
                <td>
                  {zone ? <span className="standings-zone" data-zone={zone.kind} role="img" aria-label={i18n._(ZONE_NAMES[zone.kind])} /> : null}
                  {index + 1}
                  {row.undecided ? (
                    <abbr className="standings-mark" title={t`Provisional order`}>
                      †
                    </abbr>
                  ) : null}
                </td>
                <th scope="row" className="standings-team">
                  {team ? <TeamLink team={team} /> : null}
                  {followed?.includes(row.team) ? (
                    <span className="visually-hidden">
                      {' '}
                      <Trans>(you follow this club)</Trans>
                    </span>
                  ) : null}
                  {playing.has(row.team) ? <span className="standings-playing" role="img" aria-label={t`Playing now`} /> : null}
                </th>
                <td>{row.played}</td>
                <td>{row.won}</td>
                <td>{row.drawn}</td>
                <td>{row.lost}</td>
                <td className="standings-wide">{row.goalsFor}</td>
                <td className="standings-wide">{row.goalsAgainst}</td>
                <td>
                  <SignedNumber value={row.goalDifference} />
                </td>
                <td className="standings-points">
                  {row.points}
                  {row.deducted ? (
                    <a className="standings-mark" href={`#${notesId}`} aria-label={i18n._(msg`${plural(row.deducted, { one: '# point deducted', other: '# points deducted' })}`)}>
                      *
                    </a>
                  ) : null}
                </td>
                {limit ? null : (
                  <td className="standings-wide">
                    <FormGuide form={row.form} />
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
      {zones.length > 0 ? (
        <ul className="standings-zones" aria-label={t`Zones`}>
          {zones.map((zone) => (
            <li key={zone.from}>
              <span className="standings-zone" data-zone={zone.kind} aria-hidden="true" />
              {` ${places(zone)}: ${i18n._(ZONE_NAMES[zone.kind])}`}
            </li>
          ))}
        </ul>
      ) : null}
      {table.hiddenMatches ? (
        <p className="standings-spoiler-note">
          <Plural
            value={table.hiddenMatches}
            one="Spoiler-free: this table is as it stood before # match whose score you have not revealed."
            other="Spoiler-free: this table is as it stood before # matches whose scores you have not revealed."
          />
        </p>
      ) : null}
      {deductions.length > 0 || undecided || provisional ? (
        <ul className="standings-notes" id={notesId}>
          {provisional ? (
            <li>
              <span className="standings-playing" aria-hidden="true" />{' '}
              <Trans>Playing now. As it stands, the matches in play count at their current score: the order can change with every goal until full time.</Trans>
            </li>
          ) : null}
          {deductions.map((d, index) => {
            const team = teams.get(d.clubId)
            return (
              <li key={index}>
                *{' '}
                <strong>{team ? <TeamName team={team} /> : null}</strong>
                {': '}
                <Plural value={d.points} one="# point deducted." other="# points deducted." /> {localized(d.reason, lang)}{' '}
                <a href={d.source} rel="external noopener" hrefLang="en">
                  <Trans>Source</Trans>
                </a>
              </li>
            )
          })}
          {undecided ? (
            <li>
              †{' '}
              <Trans>Provisional order: these clubs are level on every criterion Hadaf holds; {decider} decides between them.</Trans>
            </li>
          ) : null}
        </ul>
      ) : null}
      <MatchList matches={liveShown} title={<Trans>In play</Trans>} />
    </div>
  )
}
