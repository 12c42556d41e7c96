// Import conflicts: a field an editor corrected, and the other value an import brought for
// it. The editor keeps theirs, or takes the import's (which hands the field back to imports).
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { ImportConflict } from '../../db/import-conflicts.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskFormError, DeskTable, DeskTime } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'

/** A stored or incoming value as text: names are strings, shirt numbers numbers. */
const valueText = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value))

export function ConflictList({ conflicts, error }: { conflicts: ImportConflict[]; error?: string }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <>
      <DeskFormError message={error} />
      <DeskTable
        caption={t`Open conflicts`}
        columns={[
          <Trans>Club or player</Trans>,
          <Trans>Field</Trans>,
          <Trans>Corrected value</Trans>,
          <Trans>Imported value</Trans>,
          <Trans>Last seen</Trans>,
          <Trans>Settle</Trans>,
        ]}
        items={conflicts}
        empty={<Trans>No import has met a corrected field with another value.</Trans>}
        row={(conflict) => {
          const { target } = conflict
          const link = target.type === 'club' ? href(lang, 'deskClub', { id: target.id }) : href(lang, 'deskPlayer', { id: target.id })
          return (
            <tr key={conflict.id}>
              <td>
                <a href={link}>
                  <bdi>{target.name ? deskName(target.name, lang) : target.id}</bdi>
                </a>
              </td>
              <td dir="ltr">
                <code>{conflict.field}</code>
              </td>
              <td>
                <bdi>{valueText(conflict.stored)}</bdi>
              </td>
              <td>
                <bdi>{valueText(conflict.incoming)}</bdi>
                <br />
                <small className="desk-muted">
                  <bdi>{conflict.source}</bdi>
                </small>
              </td>
              <td>
                <DeskTime iso={conflict.lastSeen} />
              </td>
              <td>
                <form className="desk-inline-form" method="post" action={href(lang, 'deskConflictResolve', { id: conflict.id })}>
                  <button className="button button-quiet" type="submit" name="keep" value="ours">
                    <Trans>Keep the correction</Trans>
                  </button>
                  <button className="button button-quiet" type="submit" name="keep" value="theirs">
                    <Trans>Take the import’s</Trans>
                  </button>
                </form>
              </td>
            </tr>
          )
        }}
      />
    </>
  )
}
