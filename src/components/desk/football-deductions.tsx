// The deductions screen: a season's points deductions as its table shows them, and the form
// that records a new one for a club that played in that season.
import { Trans, useLingui } from '@lingui/react/macro'
import { href, withQuery } from '../../../lib/links.ts'
import type { DeskDeduction, DeskSeason } from '../../db/desk-deductions.ts'
import type { SeasonClub } from '../../db/desk-seasons.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskField, DeskFormError, DeskTable } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { type Refused, shown } from './football-parts.tsx'

export function DeductionsPage({
  seasons,
  season,
  clubs,
  deductions,
  refused,
}: {
  seasons: DeskSeason[]
  season: DeskSeason | undefined
  clubs: SeasonClub[]
  deductions: DeskDeduction[]
  refused?: Refused
}) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const errors = refused?.failure.errors ?? {}
  const seasonName = (s: DeskSeason) => `${deskName(s.competition.name, lang)} ${s.label}`
  return (
    <div className="desk-football">
      <form className="desk-search" method="get" action={href(lang, 'deskDeductions')}>
        <label htmlFor="desk-season">
          <Trans>Season</Trans>
        </label>
        <select id="desk-season" name="season_id" defaultValue={season?.id}>
          {seasons.map((s) => (
            <option key={s.id} value={s.id}>
              {seasonName(s)}
            </option>
          ))}
        </select>
        <button className="button button-quiet" type="submit">
          <Trans>Show</Trans>
        </button>
      </form>
      {season ? (
        <>
          <section aria-labelledby="desk-deductions">
            <h2 id="desk-deductions">
              <Trans>
                Deductions in <bdi>{seasonName(season)}</bdi>
              </Trans>
            </h2>
            <DeskTable
              caption={t`Points deductions`}
              hideCaption
              columns={[<Trans>Club</Trans>, <Trans>Points</Trans>, <Trans>Reason</Trans>, <Trans>Source</Trans>]}
              items={deductions}
              empty={<Trans>No points have been deducted in this season.</Trans>}
              row={(d) => (
                <tr key={d.id}>
                  <td>
                    <bdi>{deskName(d.club.name, lang)}</bdi>
                  </td>
                  <td>{d.points}</td>
                  <td>
                    <bdi>{d.reason[lang]}</bdi>
                  </td>
                  <td>
                    <a href={d.sourceUrl} rel="noopener noreferrer" dir="ltr">
                      {new URL(d.sourceUrl).hostname}
                    </a>
                  </td>
                </tr>
              )}
            />
          </section>
          <section aria-labelledby="desk-deduction-new">
            <h2 id="desk-deduction-new">
              <Trans>Record a deduction</Trans>
            </h2>
            <form className="desk-form" method="post" action={withQuery(href(lang, 'deskDeductions'), { season_id: season.id })} noValidate>
              <DeskFormError message={refused?.failure.message} />
              <input type="hidden" name="season_id" value={season.id} />
              <div className="desk-pair">
                <DeskField name="club_id" label={<Trans>Club</Trans>} error={errors.club_id}>
                  {(attributes) => (
                    <select {...attributes} required defaultValue={shown(refused, 'club_id', '')}>
                      <option value="">{t`Choose a club`}</option>
                      {clubs.map((club) => (
                        <option key={club.id} value={club.id}>
                          {deskName(club.name, lang)}
                        </option>
                      ))}
                    </select>
                  )}
                </DeskField>
                <DeskField name="points" label={<Trans>Points</Trans>} error={errors.points}>
                  {(attributes) => <input {...attributes} type="number" min={1} max={100} required inputMode="numeric" defaultValue={shown(refused, 'points', '')} />}
                </DeskField>
              </div>
              <DeskField name="reason.ar" label={<Trans>Reason in Arabic</Trans>} error={errors['reason.ar']}>
                {(attributes) => <textarea {...attributes} rows={2} maxLength={300} required dir="rtl" lang="ar" defaultValue={shown(refused, 'reason.ar', '')} />}
              </DeskField>
              <DeskField name="reason.en" label={<Trans>Reason in English</Trans>} error={errors['reason.en']}>
                {(attributes) => <textarea {...attributes} rows={2} maxLength={300} required dir="ltr" lang="en" defaultValue={shown(refused, 'reason.en', '')} />}
              </DeskField>
              <div className="desk-pair">
                <DeskField name="source_url" label={<Trans>Source</Trans>} hint={<Trans>The https address where the decision was published.</Trans>} error={errors.source_url}>
                  {(attributes) => <input {...attributes} type="url" maxLength={500} required dir="ltr" lang="en" defaultValue={shown(refused, 'source_url', '')} />}
                </DeskField>
                <DeskField name="decided_on" label={<Trans>Decided on</Trans>} error={errors.decided_on}>
                  {(attributes) => <input {...attributes} type="date" defaultValue={shown(refused, 'decided_on', '')} />}
                </DeskField>
              </div>
              <p className="desk-actions">
                <button className="button" type="submit">
                  <Trans>Record the deduction</Trans>
                </button>
              </p>
            </form>
          </section>
        </>
      ) : (
        <p className="desk-empty">
          <Trans>There is no season with matches yet.</Trans>
        </p>
      )}
    </div>
  )
}
