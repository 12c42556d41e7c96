import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { StandingRow } from '../../lib/standings.ts'
import type { TeamRef } from '../db/football.ts'
import { FormGuide, SignedNumber, TeamLink } from './football.tsx'

/** A league or group table. `limit` shows the top rows only (the home page's snippet). */
export function StandingsTable({
  rows,
  teams,
  caption,
  limit,
  highlight,
}: {
  rows: StandingRow<number>[]
  teams: Map<number, TeamRef>
  caption: ReactNode
  limit?: number
  highlight?: number[]
}) {
  const { t } = useLingui()
  const shown = limit ? rows.slice(0, limit) : rows
  return (
    <div className="table-scroll">
      <table className={limit ? 'standings standings-compact' : 'standings'}>
        <caption>{caption}</caption>
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
            return (
              <tr key={row.team} className={highlight?.includes(row.team) ? 'is-highlighted' : undefined}>
                <td>{index + 1}</td>
                <th scope="row" className="standings-team">
                  {team ? <TeamLink team={team} /> : null}
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
                <td className="standings-points">{row.points}</td>
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
    </div>
  )
}
