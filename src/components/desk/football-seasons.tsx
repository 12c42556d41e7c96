// The desk's season screens (issue 34): every season with the form that starts a new one; a
// season's clubs, kept or taken out by checkbox and added from a search; and a club's squad
// for the season, with shirt numbers. Plain forms: no script needed.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href } from '../../../lib/links.ts'
import type { CompetitionRef } from '../../db/football-fragments.ts'
import type { DeskClub, DeskPlayer } from '../../db/desk-football.ts'
import type { DeskSeason } from '../../db/desk-deductions.ts'
import type { SeasonClub, SquadMember } from '../../db/desk-seasons.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskField, DeskFormError, DeskTable } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { DeskSearch, type Refused, shown } from './football-parts.tsx'

/** "Egyptian Premier League 2026/27" in the desk's language. */
export const seasonName = (season: DeskSeason, lang: 'ar' | 'en') => `${deskName(season.competition.name, lang)} ${season.label}`

export function SeasonList({ seasons, competitions, refused }: { seasons: DeskSeason[]; competitions: CompetitionRef[]; refused?: Refused | undefined }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <div className="desk-football">
      <section aria-labelledby="desk-new-season">
        <h2 id="desk-new-season">
          <Trans>New season</Trans>
        </h2>
        <form className="desk-form" method="post" action={href(lang, 'deskSeasons')} noValidate>
          <DeskFormError message={refused?.failure.message} />
          <div className="desk-pair">
            <DeskField name="competition_id" label={<Trans>Competition</Trans>} error={refused?.failure.errors.competition_id}>
              {(attributes) => (
                <select {...attributes} defaultValue={shown(refused, 'competition_id', '')}>
                  {competitions.map((competition) => (
                    <option key={competition.id} value={competition.id}>
                      {deskName(competition.name, lang)}
                    </option>
                  ))}
                </select>
              )}
            </DeskField>
            <DeskField name="label" label={<Trans>Season</Trans>} hint={<Trans>Such as 2026/27, or 2026 for a tournament.</Trans>} error={refused?.failure.errors.label}>
              {(attributes) => <input {...attributes} type="text" maxLength={7} dir="ltr" placeholder="2026/27" defaultValue={shown(refused, 'label', '')} />}
            </DeskField>
          </div>
          <button className="button" type="submit">
            <Trans>Create the season</Trans>
          </button>
        </form>
      </section>
      <DeskTable
        caption={t`Seasons`}
        columns={[<Trans>Season</Trans>, <Trans>Competition code</Trans>]}
        items={seasons}
        row={(season) => (
          <tr key={season.id}>
            <td>
              <a href={href(lang, 'deskSeason', { id: season.id })}>
                <bdi>{seasonName(season, lang)}</bdi>
              </a>
            </td>
            <td dir="ltr">{season.competition.id}</td>
          </tr>
        )}
      />
    </div>
  )
}

/** A checkbox per row: `prefix.{id}`, checked when it is kept or added. */
function Pick({ name, checked, disabled, label, refused }: { name: string; checked: boolean; disabled?: boolean; label: ReactNode; refused: Refused | undefined }) {
  if (refused && !disabled) checked = refused.values[name] === 'on'
  return (
    <label className="desk-check">
      <input type="checkbox" name={name} defaultChecked={checked} disabled={disabled} />
      {/* A disabled box is not sent: the club stays by a hidden field of the same name. */}
      {disabled && checked ? <input type="hidden" name={name} value="on" /> : null}
      <span className="visually-hidden">{label}</span>
    </label>
  )
}

export function SeasonEditor({ season, clubs, q, found, refused }: { season: DeskSeason; clubs: SeasonClub[]; q: string; found: DeskClub[]; refused?: Refused | undefined }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const kept = new Set(clubs.map((club) => club.id))
  const addable = found.filter((club) => !kept.has(club.id))
  return (
    <div className="desk-football">
      <p>
        <a href={href(lang, 'deskSeasons')}>
          <Trans>Back to the seasons</Trans>
        </a>{' '}
        · <a href={href(lang, 'deskSeasonFixtures', { id: season.id })}>
          <Trans>Fixtures and results</Trans>
        </a>
      </p>
      <DeskSearch action={href(lang, 'deskSeason', { id: season.id })} q={q} label={<Trans>Find clubs to add, in Arabic or English</Trans>} />
      <form className="desk-form" method="post" action={href(lang, 'deskSeason', { id: season.id })} noValidate>
        <DeskFormError message={refused?.failure.message} />
        {/* A refusal shows the clubs found again, with the boxes as they were ticked. */}
        <input type="hidden" name="q" value={q} />
        <DeskTable
          caption={t`The season’s clubs`}
          columns={[<Trans>Plays</Trans>, <Trans>Club</Trans>, <Trans>Squad</Trans>]}
          items={clubs}
          empty={<Trans>No club plays in this season yet: find them above and add them.</Trans>}
          row={(club) => (
            <tr key={club.id}>
              <td>
                <Pick name={`club.${club.id}`} checked disabled={club.playing} label={deskName(club.name, lang)} refused={refused} />
              </td>
              <td>
                <bdi>{deskName(club.name, lang)}</bdi>
              </td>
              <td>
                <a href={href(lang, 'deskSquad', { id: season.id, club: club.id })}>
                  <Trans>Squad</Trans>
                </a>
              </td>
            </tr>
          )}
        />
        {q ? (
          <DeskTable
            caption={t`Clubs matching “${q}”`}
            columns={[<Trans>Add</Trans>, <Trans>Club</Trans>]}
            items={addable}
            empty={<Trans>No other club goes by that name.</Trans>}
            row={(club) => (
              <tr key={club.id}>
                <td>
                  <Pick name={`club.${club.id}`} checked={false} label={deskName(club.name, lang)} refused={refused} />
                </td>
                <td>
                  <bdi>{deskName(club.name, lang)}</bdi>
                </td>
              </tr>
            )}
          />
        ) : null}
        <button className="button" type="submit">
          <Trans>Save the clubs</Trans>
        </button>
      </form>
    </div>
  )
}

export function SquadEditor({
  season,
  club,
  squad,
  q,
  found,
  refused,
}: {
  season: DeskSeason
  club: SeasonClub
  squad: SquadMember[]
  q: string
  found: DeskPlayer[]
  refused?: Refused | undefined
}) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const inSquad = new Set(squad.map((member) => member.player.id))
  const rows = [
    ...squad.map((member) => ({ id: member.player.id, name: member.player.name, shirt: member.shirtNumber, kept: true })),
    ...found.filter((player) => !inSquad.has(player.id)).map((player) => ({ id: player.id, name: player.name, shirt: player.shirtNumber, kept: false })),
  ]
  const errors = refused?.failure.errors ?? {}
  return (
    <div className="desk-football">
      <p>
        <a href={href(lang, 'deskSeason', { id: season.id })}>
          <Trans>
            Back to <bdi>{seasonName(season, lang)}</bdi>
          </Trans>
        </a>
      </p>
      <DeskSearch action={href(lang, 'deskSquad', { id: season.id, club: club.id })} q={q} label={<Trans>Find players to add, in Arabic or English</Trans>} />
      <p>
        <a href={href(lang, 'deskPlayers')}>
          <Trans>A player Hadaf does not hold yet is created on the players screen.</Trans>
        </a>
      </p>
      <form className="desk-form" method="post" action={href(lang, 'deskSquad', { id: season.id, club: club.id })} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <input type="hidden" name="q" value={q} />
        <DeskTable
          caption={t`Squad of ${deskName(club.name, lang)}`}
          columns={[<Trans>In the squad</Trans>, <Trans>Player</Trans>, <Trans>Shirt number</Trans>]}
          items={rows}
          empty={<Trans>No player in this squad yet: find them above and add them.</Trans>}
          row={(row) => (
            <tr key={row.id}>
              <td>
                <Pick name={`player.${row.id}`} checked={row.kept} label={deskName(row.name, lang)} refused={refused} />
              </td>
              <td>
                <bdi>{deskName(row.name, lang)}</bdi>
                {errors[`player.${row.id}`] ? <p className="field-error">{errors[`player.${row.id}`]}</p> : null}
              </td>
              <td>
                <input
                  type="text"
                  inputMode="numeric"
                  name={`shirt.${row.id}`}
                  maxLength={2}
                  size={3}
                  dir="ltr"
                  aria-label={t`Shirt number of ${deskName(row.name, lang)}`}
                  aria-invalid={errors[`shirt.${row.id}`] ? true : undefined}
                  defaultValue={shown(refused, `shirt.${row.id}`, row.shirt)}
                />
                {errors[`shirt.${row.id}`] ? <p className="field-error">{errors[`shirt.${row.id}`]}</p> : null}
              </td>
            </tr>
          )}
        />
        <button className="button" type="submit">
          <Trans>Save the squad</Trans>
        </button>
      </form>
    </div>
  )
}
