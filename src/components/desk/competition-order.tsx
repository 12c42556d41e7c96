// The order of the big competitions on the matches page (decision 124), at the desk: every
// competition with a box for its place. Numbers, not dragging: it works without script, from
// a keyboard and on a phone, and moving one competition is one box.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { OrderedCompetition } from '../../db/competition-order.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskFormError, DeskTable } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { type Refused, shown } from './football-parts.tsx'

/** The form's field for a competition's place. */
export const placeField = (id: string) => ['place', id].join('.')

export function CompetitionOrderPage({ competitions, most, refused }: { competitions: OrderedCompetition[]; most: number; refused?: Refused }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const errors = refused?.failure.errors ?? {}
  return (
    <form className="desk-football" method="post" action={href(lang, 'deskCompetitionOrder')} noValidate>
      <p className="field-hint" id="desk-order-hint">
        <Trans>
          On the matches page, the reader's followed competitions come first, then these by their place (1 first), then the rest by name. Leave a box empty
          for a competition that follows by name.
        </Trans>
      </p>
      <DeskFormError message={refused?.failure.message} />
      <DeskTable
        caption={t`Order of competitions`}
        hideCaption
        columns={[<Trans>Competition</Trans>, <Trans>Place</Trans>]}
        items={competitions}
        row={(competition) => {
          const field = placeField(competition.id)
          const id = ['desk', 'place', competition.id.replace(/\W/g, '-')].join('-')
          const error = errors[field]
          const errorId = [id, 'error'].join('-')
          const name = deskName(competition.name, lang)
          return (
            <tr key={competition.id}>
              <td>
                <label htmlFor={id}>
                  <bdi>{name}</bdi>
                </label>
              </td>
              <td>
                <input
                  id={id}
                  name={field}
                  type="number"
                  min={1}
                  max={most}
                  inputMode="numeric"
                  size={3}
                  dir="ltr"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : 'desk-order-hint'}
                  defaultValue={shown(refused, field, competition.position)}
                />
                {error ? (
                  <p className="field-error" id={errorId}>
                    {error}
                  </p>
                ) : null}
              </td>
            </tr>
          )
        }}
      />
      <button className="button" type="submit">
        <Trans>Save the order</Trans>
      </button>
    </form>
  )
}
