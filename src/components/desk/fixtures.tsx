// The fixtures screens (issue 34): a season's matches with a form for one more (its kick-off
// typed in the competition's zone, which the field names) and a box for a federation's list,
// checked before it is created; and one match's result or fate. Plain forms: no script.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import { localized, type LocalizedText } from '../../../lib/localized.ts'
import type { FixturesData } from '../../api/desk/fixtures.ts'
import type { SeasonFixtures } from '../../db/desk-fixtures.ts'
import type { SeasonClub } from '../../db/desk-seasons.ts'
import type { MatchSummary } from '../../db/football-fragments.ts'
import { usePageRequest } from '../../request-context.tsx'
import { Score } from '../football.tsx'
import { DeskField, DeskFormError, DeskTable, DeskTime } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { type Refused, shown } from './football-parts.tsx'

function Teams({ match }: { match: { home: { name: LocalizedText }; away: { name: LocalizedText } } }) {
  const { lang } = usePageRequest()
  return (
    <>
      <bdi>{localized(match.home.name, lang)}</bdi> – <bdi>{localized(match.away.name, lang)}</bdi>
    </>
  )
}

/** The link from a desk list's row to the match's result-or-fate form. */
export function FateLink({ id }: { id: string | number }) {
  const { lang } = usePageRequest()
  return (
    <a href={href(lang, 'deskMatchFate', { id })}>
      <Trans>Enter</Trans>
    </a>
  )
}

/** What the list box answered: the lines it makes (or found made), and each refused line with the clubs it might mean. */
function ListAnswer({ answer }: { answer: FixturesData }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <section aria-labelledby="desk-fixtures-check">
      <h2 id="desk-fixtures-check">
        <Trans>
          New matches: {answer.planned}, created: {answer.created}, refused lines: {answer.refused.length}
        </Trans>
      </h2>
      <DeskTable
        caption={t`Refused lines`}
        columns={[<Trans>Line</Trans>, <Trans>Why</Trans>, <Trans>Clubs it might mean</Trans>]}
        items={answer.refused}
        row={(line) => (
          <tr key={line.line}>
            <td>{line.line}</td>
            <td>{line.message}</td>
            <td>
              {line.candidates.map((club) => (
                <span key={club.id} className="desk-candidate">
                  <bdi>{localized(club.name, lang)}</bdi> (<bdi>{localized(club.name, lang === 'ar' ? 'en' : 'ar')}</bdi>){' '}
                </span>
              ))}
            </td>
          </tr>
        )}
      />
      <DeskTable
        caption={t`Lines to create`}
        columns={[<Trans>Line</Trans>, <Trans>Kick-off</Trans>, <Trans>Match</Trans>, <Trans>Round</Trans>, <Trans>In the season already</Trans>]}
        items={answer.matches}
        row={(match) => (
          <tr key={match.line}>
            <td>{match.line}</td>
            <td>{match.timeKnown ? <DeskTime iso={match.kickoff} /> : <Trans>Date only: {match.kickoff.slice(0, 10)}</Trans>}</td>
            <td>
              <Teams match={match} />
            </td>
            <td>
              <bdi>{match.round}</bdi>
            </td>
            <td>{match.id && answer.created === 0 ? <a href={href(lang, 'deskMatchFate', { id: match.id })}>{match.id}</a> : null}</td>
          </tr>
        )}
      />
    </section>
  )
}

/** The season's rounds in the order they are first played. */
export function roundsOf(matches: MatchSummary[]): string[] {
  return [...new Set(matches.flatMap((match) => (match.round ? [match.round] : [])))]
}

/** The name of a match's score field on the round's form, home (0) or away (1). */
export const roundScoreField = (matchId: number | string, side: 0 | 1) => [SCORE_FIELDS.ft[side], matchId].join('.')

/** A round's results on one form: every match of the round with its two scores, saved in one request. */
function RoundResults({ data, round, refused }: { data: SeasonFixtures; round: string | undefined; refused?: Refused | undefined }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const rounds = roundsOf(data.matches)
  if (rounds.length === 0 || round === undefined) return null
  const action = href(lang, 'deskSeasonFixtures', { id: data.season.id })
  const matches = data.matches.filter((match) => match.round === round)
  const errors = refused?.failure.errors ?? {}
  return (
    <section aria-labelledby="desk-round-results">
      <h2 id="desk-round-results">
        <Trans>A round's results</Trans>
      </h2>
      <form className="desk-search" method="get" action={action}>
        <label htmlFor="desk-results-round">
          <Trans>Round</Trans>
        </label>
        {/* Not `desk-round`: the single fixture's form above has a round field of that id. */}
        <select id="desk-results-round" name="round" defaultValue={round}>
          {rounds.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button className="button button-quiet" type="submit">
          <Trans>Show</Trans>
        </button>
      </form>
      <form className="desk-form" method="post" action={`${action}/results`} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <input type="hidden" name="round" value={round} />
        <DeskTable
          caption={t`Results of ${round}`}
          hideCaption
          columns={[<Trans>Match</Trans>, <Trans>Home</Trans>, <Trans>Away</Trans>]}
          items={matches}
          row={(match) => (
            <tr key={match.id}>
              <td>
                <Teams match={match} />
              </td>
              {([0, 1] as const).map((side) => {
                const name = roundScoreField(match.id, side)
                return (
                  <td key={side}>
                    <DeskField name={name} label={side === 0 ? <Trans>Home goals</Trans> : <Trans>Away goals</Trans>} error={errors[name]}>
                      {(attributes) => <input {...attributes} type="number" min={0} max={99} inputMode="numeric" defaultValue={shown(refused, name, match.ft?.[side])} />}
                    </DeskField>
                  </td>
                )
              })}
            </tr>
          )}
        />
        <p className="desk-actions">
          <button className="button" type="submit">
            <Trans>Save the round's results</Trans>
          </button>
        </p>
      </form>
    </section>
  )
}

/** The one-match form's two clubs, each picked from the season's. */
const CLUB_FIELDS: readonly ('home_club_id' | 'away_club_id')[] = ['home_club_id', 'away_club_id']

export function SeasonFixturesPage({
  data,
  clubs,
  refused,
  list,
  round,
  roundRefused,
}: {
  data: SeasonFixtures
  /** The season's clubs, which the one-match form offers. */
  clubs: SeasonClub[]
  /** The one-match form, refused. */
  refused?: Refused | undefined
  /** The list box: what was sent, and what the call answered (a check, or a refused creation). */
  list?: { csv: string; answer?: FixturesData | undefined; message?: string | undefined } | undefined
  /** The round whose results form is shown. */
  round?: string | undefined
  roundRefused?: Refused | undefined
}) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const { season, matches } = data
  const zone = season.competition.timezone
  const errors = refused?.failure.errors ?? {}
  const action = href(lang, 'deskSeasonFixtures', { id: season.id })
  return (
    <div className="desk-football">
      <section aria-labelledby="desk-fixture-new">
        <h2 id="desk-fixture-new">
          <Trans>Add a match</Trans>
        </h2>
        <form className="desk-form" method="post" action={`${action}/match`} noValidate>
          <DeskFormError message={refused?.failure.message} />
          <div className="desk-pair">
            {CLUB_FIELDS.map((name) => (
              <DeskField key={name} name={name} label={name === 'home_club_id' ? <Trans>Home club</Trans> : <Trans>Away club</Trans>} error={errors[name]}>
                {(attributes) => (
                  <select {...attributes} required defaultValue={shown(refused, name, '')}>
                    <option value="">{t`Choose a club`}</option>
                    {clubs.map((club) => (
                      <option key={club.id} value={club.id}>
                        {deskName(club.name, lang)}
                      </option>
                    ))}
                  </select>
                )}
              </DeskField>
            ))}
          </div>
          <p className="desk-hint">
            <Trans>
              The clubs offered are <a href={href(lang, 'deskSeason', { id: season.id })}>the season's clubs</a>.
            </Trans>
          </p>
          <div className="desk-pair">
            <DeskField name="kickoff" label={<Trans>Kick-off</Trans>} hint={<Trans>In the competition's time zone: <bdi dir="ltr">{zone}</bdi></Trans>} error={errors.kickoff}>
              {(attributes) => <input {...attributes} type="datetime-local" required defaultValue={shown(refused, 'kickoff', '')} />}
            </DeskField>
            <DeskField name="time_known" label={<Trans>The time is known</Trans>} error={errors.time_known}>
              {(attributes) => <input {...attributes} type="checkbox" value="1" defaultChecked={refused ? refused.values.time_known === '1' : true} />}
            </DeskField>
          </div>
          <div className="desk-pair">
            <DeskField name="round" label={<Trans>Round</Trans>} error={errors.round}>
              {(attributes) => <input {...attributes} type="text" maxLength={100} dir="auto" defaultValue={shown(refused, 'round', '')} />}
            </DeskField>
            <DeskField name="venue" label={<Trans>Venue</Trans>} error={errors.venue}>
              {(attributes) => <input {...attributes} type="text" maxLength={200} dir="auto" defaultValue={shown(refused, 'venue', '')} />}
            </DeskField>
          </div>
          <p className="desk-actions">
            <button className="button" type="submit">
              <Trans>Add the match</Trans>
            </button>
          </p>
        </form>
      </section>
      <section aria-labelledby="desk-fixture-list">
        <h2 id="desk-fixture-list">
          <Trans>Add a fixture list</Trans>
        </h2>
        <form className="desk-form" method="post" action={`${action}/list`} noValidate>
          <DeskFormError message={list?.message} />
          <DeskField
            name="csv"
            label={<Trans>The list, as CSV</Trans>}
            hint={
              <Trans>
                One match a line: <bdi dir="ltr">date,time,home,away,round,venue</bdi>. Times in <bdi dir="ltr">{zone}</bdi>; a blank time is not known yet. Clubs by a name in
                either language or an alias.
              </Trans>
            }
          >
            {(attributes) => <textarea {...attributes} rows={12} required dir="auto" defaultValue={list?.csv ?? ''} />}
          </DeskField>
          <p className="desk-actions">
            <button className="button button-quiet" type="submit" name="dry_run" value="1">
              <Trans>Check</Trans>
            </button>{' '}
            <button className="button" type="submit" name="dry_run" value="0">
              <Trans>Create</Trans>
            </button>
          </p>
        </form>
        {list?.answer ? <ListAnswer answer={list.answer} /> : null}
      </section>
      <RoundResults data={data} round={round} refused={roundRefused} />
      <section aria-labelledby="desk-fixture-matches">
        <h2 id="desk-fixture-matches">
          <Trans>The season's matches</Trans>
        </h2>
        <DeskTable
          caption={t`The season's matches`}
          hideCaption
          columns={[<Trans>Kick-off</Trans>, <Trans>Match</Trans>, <Trans>Score</Trans>, <Trans>Result or fate</Trans>]}
          items={matches}
          empty={<Trans>This season has no matches yet.</Trans>}
          row={(match) => (
            <tr key={match.id}>
              <td>
                <DeskTime iso={match.kickoff} />
              </td>
              <td>
                <Teams match={match} />
              </td>
              <td>{match.status === 'scheduled' ? '–' : <Score match={match} />}</td>
              <td>
                <FateLink id={match.id} />
              </td>
            </tr>
          )}
        />
      </section>
    </div>
  )
}

/** The score fields of the fate form, home then away. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- field names, not words
export const SCORE_FIELDS = { ft: ['ft.home', 'ft.away'], ht: ['ht.home', 'ht.away'] } as const

/** The statuses the fate form offers, in the order an editor reaches for them. */
const FATES = ['finished', 'postponed', 'cancelled', 'abandoned', 'awarded', 'scheduled'] as const

export function MatchFatePage({ match, refused }: { match: MatchSummary; refused?: Refused | undefined }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const errors = refused?.failure.errors ?? {}
  const labels: Record<(typeof FATES)[number], string> = {
    finished: t`Finished: enter the result`,
    postponed: t`Postponed`,
    cancelled: t`Cancelled`,
    abandoned: t`Abandoned`,
    awarded: t`Awarded`,
    scheduled: t`Back on the schedule`,
  }
  const score = (name: string, side: 0 | 1, pair: [number, number] | null) => (
    <DeskField key={name} name={name} label={side === 0 ? <Trans>Home</Trans> : <Trans>Away</Trans>} error={errors[name]}>
      {(attributes) => <input {...attributes} type="number" min={0} max={99} inputMode="numeric" defaultValue={shown(refused, name, pair?.[side])} />}
    </DeskField>
  )
  return (
    <div className="desk-football">
      <p>
        <DeskTime iso={match.kickoff} /> · <Teams match={match} />
      </p>
      <form className="desk-form" method="post" action={href(lang, 'deskMatchFate', { id: match.id })} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <DeskField name="status" label={<Trans>What happened</Trans>} error={errors.status}>
          {(attributes) => (
            <select {...attributes} defaultValue={shown(refused, 'status', FATES.find((fate) => fate === match.status) ?? 'finished')}>
              {FATES.map((fate) => (
                <option key={fate} value={fate}>
                  {labels[fate]}
                </option>
              ))}
            </select>
          )}
        </DeskField>
        <fieldset className="desk-pair">
          <legend>
            <Trans>Full-time score</Trans>
          </legend>
          {score(SCORE_FIELDS.ft[0], 0, match.ft)}
          {score(SCORE_FIELDS.ft[1], 1, match.ft)}
        </fieldset>
        <fieldset className="desk-pair">
          <legend>
            <Trans>Half-time score (if known)</Trans>
          </legend>
          {score(SCORE_FIELDS.ht[0], 0, match.ht)}
          {score(SCORE_FIELDS.ht[1], 1, match.ht)}
        </fieldset>
        <DeskField name="reason.ar" label={<Trans>Reason in Arabic</Trans>} hint={<Trans>For a postponed, cancelled, abandoned or awarded match.</Trans>} error={errors['reason.ar'] ?? errors.reason}>
          {(attributes) => <textarea {...attributes} rows={2} maxLength={300} dir="rtl" lang="ar" defaultValue={shown(refused, 'reason.ar', '')} />}
        </DeskField>
        <DeskField name="reason.en" label={<Trans>Reason in English</Trans>} error={errors['reason.en']}>
          {(attributes) => <textarea {...attributes} rows={2} maxLength={300} dir="ltr" lang="en" defaultValue={shown(refused, 'reason.en', '')} />}
        </DeskField>
        <p className="desk-actions">
          <button className="button" type="submit">
            <Trans>Save</Trans>
          </button>
        </p>
      </form>
    </div>
  )
}
