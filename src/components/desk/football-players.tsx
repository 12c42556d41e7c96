// The desk's player screens: the search, and a player's corrections (names in both
// languages, aliases, position, shirt number, photo).
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href } from '../../../lib/links.ts'
import type { DeskPlayer } from '../../db/desk-football.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskField, DeskTable } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { AliasesField, CorrectedMark, CorrectionForm, DeskSearch, EditorLinks, PictureFields, PositionOptions, type Refused, shown } from './football-parts.tsx'

/** The players `q` finds, and the form that makes a new one. */
export function PlayerList({ players, q, newPlayer }: { players: DeskPlayer[]; q: string; newPlayer: ReactNode }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <>
      <DeskSearch action={href(lang, 'deskPlayers')} q={q} label={<Trans>Find a player by name, in Arabic or English</Trans>} />
      <DeskTable
        caption={q ? t`Players matching “${q}”` : t`Players`}
        columns={[<Trans>Player</Trans>, <Trans>Position</Trans>, <Trans>Shirt number</Trans>]}
        items={players}
        empty={<Trans>No player goes by that name.</Trans>}
        row={(player) => (
          <tr key={player.id}>
            <td>
              <a href={href(lang, 'deskPlayer', { id: player.id })}>
                <bdi>{deskName(player.name, lang)}</bdi>
              </a>
            </td>
            <td>{player.position ?? ''}</td>
            <td>{player.shirtNumber ?? ''}</td>
          </tr>
        )}
      />
      {newPlayer}
    </>
  )
}

export function PlayerEditor({ player, refused }: { player: DeskPlayer; refused?: Refused }) {
  const { lang } = usePageRequest()
  const errors = refused?.failure.errors ?? {}
  return (
    <div className="desk-football">
      <EditorLinks
        list={{ href: href(lang, 'deskPlayers'), label: <Trans>Back to the players</Trans> }}
        page={{ href: href(lang, 'player', { id: player.id }), label: <Trans>The player’s page</Trans> }}
      />
      <CorrectionForm action={href(lang, 'deskPlayerSave', { id: player.id })} refused={refused} corrected={player.corrected} name={player.name}>
        <AliasesField aliases={player.aliases} refused={refused} />
        <div className="desk-pair">
          <DeskField
            name="position"
            label={
              <>
                <Trans>Position</Trans> <CorrectedMark corrected={player.corrected} field="position" />
              </>
            }
            error={errors.position}
          >
            {(attributes) => (
              <select {...attributes} defaultValue={shown(refused, 'position', player.position)}>
                <PositionOptions />
              </select>
            )}
          </DeskField>
          <DeskField
            name="shirt_number"
            label={
              <>
                <Trans>Shirt number</Trans> <CorrectedMark corrected={player.corrected} field="shirt_number" />
              </>
            }
            error={errors.shirt_number}
          >
            {(attributes) => <input {...attributes} type="number" min={0} max={99} inputMode="numeric" defaultValue={shown(refused, 'shirt_number', player.shirtNumber)} />}
          </DeskField>
        </div>
        <PictureFields prefix="photo" stored={player.photo} corrected={player.corrected} refused={refused} legend={<Trans>Photo</Trans>} />
      </CorrectionForm>
    </div>
  )
}
