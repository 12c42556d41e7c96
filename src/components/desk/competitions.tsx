// The desk's competitions (issue 34): the list with a form for a new one, and a competition's
// page with its fields and its table rules (decision 148), as plain forms that need no script:
// points as number boxes, the order after points as a list of selects, zones as rows.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { Criterion, Measure } from '../../../lib/standings.ts'
import { UNSETTLED, ZONE_KINDS } from '../../../lib/standings-rules.ts'
import type { DeskCompetition } from '../../db/desk-competitions.ts'
import { criterionValue, type RulesBlock, ruleField } from '../../desk/rules-form.ts'
import { MAX_PLACE } from '../../validation/table-rules.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DECIDERS, ZONE_NAMES } from '../standings-table.tsx'
import { DeskField, DeskFormError, DeskTable } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { NameFields, type Refused, shown } from './football-parts.tsx'

const MEASURES: Record<Measure | 'opponentsPoints' | 'opponentsGoalDifference' | 'opponentsGoalsFor', MessageDescriptor> = {
  points: msg`points`,
  goalDifference: msg`goal difference`,
  goalsFor: msg`goals scored`,
  awayGoalsFor: msg`away goals`,
  wins: msg`wins`,
  awayWins: msg`away wins`,
  opponentsPoints: msg`opponents' points`,
  opponentsGoalDifference: msg`opponents' goal difference`,
  opponentsGoalsFor: msg`opponents' goals scored`,
}

/** The criteria Hadaf computes that the selects offer; an entry's own structured ones are added to its selects. */
const OFFERED: Criterion[] = [
  'goalDifference',
  'goalsFor',
  { headToHead: ['points'] },
  { headToHead: ['points', 'goalDifference', 'goalsFor'] },
  'awayGoalsFor',
  'wins',
  'awayWins',
]

function useCriterionLabel() {
  const { i18n } = useLingui()
  const { lang } = usePageRequest()
  // Arabic lists take the Arabic comma.
  const list = (items: string[]) => items.join(lang === 'ar' ? '، ' : ', ')
  const label = (criterion: Criterion): string => {
    if (typeof criterion === 'string') return i18n._(MEASURES[criterion])
    if ('twoClubs' in criterion) {
      const two = list(criterion.twoClubs.map(label))
      const more = list(criterion.moreClubs.map(label))
      return i18n._(msg`two clubs level: ${two}; three or more: ${more}`)
    }
    const measures = list(criterion.headToHead.map((m) => i18n._(MEASURES[m])))
    const base = i18n._(msg`head-to-head ${measures}`)
    const reapplied = criterion.reapply ? i18n._(msg`${base}, reapplied`) : base
    return criterion.onceAllPlayed ? i18n._(msg`${reapplied}, once all their matches are played`) : reapplied
  }
  return label
}

/** The fields a competition is made with and edited by; `id` on the new one's form only. */
function CompetitionFields({ competition, refused, withId }: { competition: DeskCompetition | null; refused?: Refused; withId: boolean }) {
  const { t } = useLingui()
  const errors = refused?.failure.errors ?? {}
  return (
    <>
      <div className="desk-pair">
        {withId ? (
          <DeskField name="id" label={<Trans>Id</Trans>} hint={<Trans>Lower-case letters, digits and dots, such as eg.2.</Trans>} error={errors.id}>
            {(attributes) => <input {...attributes} type="text" required maxLength={32} dir="ltr" defaultValue={shown(refused, 'id', '')} />}
          </DeskField>
        ) : null}
        <DeskField name="kind" label={<Trans>Kind</Trans>} error={errors.kind}>
          {(attributes) => (
            <select {...attributes} defaultValue={shown(refused, 'kind', competition?.kind ?? 'league')}>
              <option value="league">{t`League`}</option>
              <option value="cup">{t`Cup`}</option>
            </select>
          )}
        </DeskField>
      </div>
      <NameFields prefix="name" stored={competition?.name ?? {}} corrected={[]} refused={refused} labels={{ ar: <Trans>Name in Arabic</Trans>, en: <Trans>Name in English</Trans> }} />
      <NameFields
        prefix="short_name"
        stored={competition?.shortName ?? {}}
        corrected={[]}
        refused={refused}
        labels={{ ar: <Trans>Short name in Arabic</Trans>, en: <Trans>Short name in English</Trans> }}
      />
      <div className="desk-pair">
        <DeskField name="country" label={<Trans>Country</Trans>} hint={<Trans>Two letters (ISO 3166-1), such as EG; empty for an international competition.</Trans>} error={errors.country}>
          {(attributes) => <input {...attributes} type="text" maxLength={2} dir="ltr" defaultValue={shown(refused, 'country', competition?.country)} />}
        </DeskField>
        <DeskField name="timezone" label={<Trans>Time zone</Trans>} hint={<Trans>The zone editors type kick-offs in, such as Africa/Cairo.</Trans>} error={errors.timezone}>
          {(attributes) => <input {...attributes} type="text" required maxLength={64} dir="ltr" defaultValue={shown(refused, 'timezone', competition?.timezone ?? 'Africa/Cairo')} />}
        </DeskField>
      </div>
    </>
  )
}

export function CompetitionList({ competitions, refused }: { competitions: DeskCompetition[]; refused?: Refused }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <div className="desk-football">
      <DeskTable
        caption={t`Competitions`}
        hideCaption
        columns={[<Trans>Competition</Trans>, <Trans>Id</Trans>, <Trans>Kind</Trans>, <Trans>Table rules</Trans>]}
        items={competitions}
        row={(competition) => (
          <tr key={competition.id}>
            <td>
              <a href={href(lang, 'deskCompetition', { id: competition.id })}>
                <bdi>{deskName(competition.name, lang)}</bdi>
              </a>
            </td>
            <td dir="ltr">{competition.id}</td>
            <td>{competition.kind === 'league' ? t`League` : t`Cup`}</td>
            <td>{competition.rules ? t`Its own` : t`The default`}</td>
          </tr>
        )}
      />
      <section aria-labelledby="desk-competition-new">
        <h2 id="desk-competition-new">
          <Trans>New competition</Trans>
        </h2>
        <form className="desk-form" method="post" action={href(lang, 'deskCompetitions')} noValidate>
          <DeskFormError message={refused?.failure.message} />
          <CompetitionFields competition={null} refused={refused} withId />
          <p className="field-hint">
            <Trans>It starts with the default table rules (3 points a win, then goal difference and goals scored); its page edits them.</Trans>
          </p>
          <p className="desk-actions">
            <button className="button" type="submit">
              <Trans>Create the competition</Trans>
            </button>
          </p>
        </form>
      </section>
    </div>
  )
}

/** A select's options, each choice by its name; `blank` first offers none, for a row left empty. */
function ChoiceOptions<K extends string>({ choices, names, blank = false }: { choices: readonly K[]; names: Record<K, MessageDescriptor>; blank?: boolean }) {
  const { t, i18n } = useLingui()
  return (
    <>
      {blank ? <option value="">{t`None`}</option> : null}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {i18n._(names[choice])}
        </option>
      ))}
    </>
  )
}

function RulesEntry({ block, refused }: { block: RulesBlock; refused?: Refused }) {
  const { t } = useLingui()
  const label = useCriterionLabel()
  const errors = refused?.failure.errors ?? {}
  const { index, entry, fresh } = block
  const p = ruleField(index)
  const offered = [...OFFERED, ...entry.criteria.filter((c) => !OFFERED.some((o) => criterionValue(o) === criterionValue(c)))]
  const groupError = (field: string) =>
    errors[field] ? (
      <p className="field-error" role="alert">
        {errors[field]}
      </p>
    ) : null
  return (
    <fieldset className="desk-fieldset">
      <legend>{fresh ? <Trans>New rules from a season</Trans> : <Trans>Rules from {entry.from}</Trans>}</legend>
      {groupError(p)}
      <div className="desk-pair">
        <DeskField name={`${p}.from`} label={<Trans>From the season</Trans>} hint={<Trans>Such as 2025/26 or 2026; earlier seasons take the first rules.</Trans>} error={errors[`${p}.from`]}>
          {(attributes) => <input {...attributes} type="text" maxLength={7} dir="ltr" defaultValue={shown(refused, `${p}.from`, entry.from)} />}
        </DeskField>
        {fresh ? null : (
          <div className="form-field">
            <label>
              <input type="checkbox" name={`${p}.remove`} defaultChecked={shown(refused, `${p}.remove`, '') !== ''} /> <Trans>Remove these rules</Trans>
            </label>
          </div>
        )}
      </div>
      <fieldset className="desk-fieldset">
        <legend>
          <Trans>Points</Trans>
        </legend>
        {groupError(ruleField(index, 'points'))}
        <div className="desk-pair">
          {(
            [
              ['win', <Trans>For a win</Trans>],
              ['draw', <Trans>For a draw</Trans>],
              ['loss', <Trans>For a loss</Trans>],
            ] as const
          ).map(([result, text]) => (
            <DeskField key={result} name={`${p}.points.${result}`} label={text} error={errors[`${p}.points.${result}`]}>
              {(attributes) => <input {...attributes} type="number" min={0} max={10} inputMode="numeric" defaultValue={shown(refused, `${p}.points.${result}`, entry.points[result])} />}
            </DeskField>
          ))}
        </div>
      </fieldset>
      <fieldset className="desk-fieldset">
        <legend>
          <Trans>Order after points</Trans>
        </legend>
        {groupError(ruleField(index, 'criteria'))}
        <ol className="desk-criteria">
          {Array.from({ length: block.criteriaSlots }, (_, j) => {
            const stored = entry.criteria[j]
            return (
              <li key={j}>
                <DeskField name={`${p}.criteria.${j}`} label={<Trans>Criterion {j + 1}</Trans>} error={errors[`${p}.criteria.${j}`]}>
                  {(attributes) => (
                    <select {...attributes} defaultValue={shown(refused, `${p}.criteria.${j}`, stored === undefined ? '' : criterionValue(stored))}>
                      <option value="">{t`None`}</option>
                      {offered.map((criterion) => (
                        <option key={criterionValue(criterion)} value={criterionValue(criterion)}>
                          {label(criterion)}
                        </option>
                      ))}
                    </select>
                  )}
                </DeskField>
              </li>
            )
          })}
        </ol>
        <DeskField name={`${p}.then`} label={<Trans>Then, what decides</Trans>} error={errors[`${p}.then`]}>
          {(attributes) => (
            <select {...attributes} defaultValue={shown(refused, `${p}.then`, entry.then)}>
              <ChoiceOptions choices={UNSETTLED} names={DECIDERS} />
            </select>
          )}
        </DeskField>
      </fieldset>
      <fieldset className="desk-fieldset">
        <legend>
          <Trans>Zones of the table</Trans>
        </legend>
        {groupError(ruleField(index, 'zones'))}
        {Array.from({ length: block.zoneSlots }, (_, k) => {
          const zone = entry.zones[k]
          const z = ruleField(index, 'zones', k)
          return (
            <div className="desk-pair" key={k}>
              {groupError(z)}
              <DeskField name={`${z}.kind`} label={<Trans>Zone {k + 1}</Trans>} error={errors[`${z}.kind`]}>
                {(attributes) => (
                  <select {...attributes} defaultValue={shown(refused, `${z}.kind`, zone?.kind ?? '')}>
                    <ChoiceOptions choices={ZONE_KINDS} names={ZONE_NAMES} blank />
                  </select>
                )}
              </DeskField>
              <DeskField name={`${z}.from`} label={<Trans>From place</Trans>} error={errors[`${z}.from`]}>
                {(attributes) => <input {...attributes} type="number" min={1} max={MAX_PLACE} inputMode="numeric" defaultValue={shown(refused, `${z}.from`, zone?.from)} />}
              </DeskField>
              <DeskField name={`${z}.to`} label={<Trans>To place</Trans>} error={errors[`${z}.to`]}>
                {(attributes) => <input {...attributes} type="number" min={1} max={MAX_PLACE} inputMode="numeric" defaultValue={shown(refused, `${z}.to`, zone?.to)} />}
              </DeskField>
            </div>
          )
        })}
      </fieldset>
      <DeskField name={`${p}.source`} label={<Trans>Source</Trans>} hint={<Trans>The regulation's article, or the address where the rules are published.</Trans>} error={errors[`${p}.source`]}>
        {(attributes) => <input {...attributes} type="text" maxLength={500} dir="auto" defaultValue={shown(refused, `${p}.source`, entry.source)} />}
      </DeskField>
    </fieldset>
  )
}

export function CompetitionEditor({
  competition,
  layout,
  refused,
  refusedRules,
}: {
  competition: DeskCompetition
  layout: RulesBlock[]
  refused?: Refused
  refusedRules?: Refused
}) {
  const { lang } = usePageRequest()
  const errors = refusedRules?.failure.errors ?? {}
  return (
    <div className="desk-football">
      <section aria-labelledby="desk-competition-fields">
        <h2 id="desk-competition-fields">
          <Trans>Competition</Trans>
        </h2>
        <form className="desk-form" method="post" action={href(lang, 'deskCompetitionPart', { id: competition.id, part: 'save' })} noValidate>
          <DeskFormError message={refused?.failure.message} />
          <CompetitionFields competition={competition} refused={refused} withId={false} />
          <p className="desk-actions">
            <button className="button" type="submit">
              <Trans>Save</Trans>
            </button>
          </p>
        </form>
      </section>
      <section aria-labelledby="desk-competition-rules">
        <h2 id="desk-competition-rules">
          <Trans>Table rules</Trans>
        </h2>
        <p className="field-hint">
          {competition.rules ? (
            <Trans>Each season takes the rules of the latest entry from or before it. A change reorders the tables of every season it reaches.</Trans>
          ) : (
            <Trans>This competition has the default rules: 3 points a win, 1 a draw, then goal difference, goals scored and lots. Fill in new rules to give it its own.</Trans>
          )}
        </p>
        <form className="desk-form" method="post" action={href(lang, 'deskCompetitionPart', { id: competition.id, part: 'rules' })} noValidate>
          <DeskFormError message={refusedRules?.failure.message} />
          {errors.rules ? (
            <p className="field-error" role="alert">
              {errors.rules}
            </p>
          ) : null}
          {layout.map((block) => (
            <RulesEntry key={block.index} block={block} refused={refusedRules} />
          ))}
          <p className="desk-actions">
            <button className="button" type="submit">
              <Trans>Save the rules</Trans>
            </button>
          </p>
        </form>
      </section>
    </div>
  )
}
