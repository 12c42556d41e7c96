// Pieces the football correction screens share: the search form, a name in both languages,
// a crest or photo with its credit and licence, the aliases, and the mark on a field an
// editor corrected (an import leaves that field alone, decision 080).
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { FormFailure } from '../../http/form-answers.ts'
import type { Picture } from '../../db/desk-football.ts'
import { DeskField, DeskFormError } from './desk-parts.tsx'
import type { LocalizedText } from '../../../lib/localized.ts'

/** A form the screen shows again after a refusal: what was posted and why it was refused. */
export interface Refused {
  failure: FormFailure
  values: Record<string, string>
}

/** What a field shows: what was just posted, else what is stored. */
export function shown(refused: Refused | undefined, name: string, stored: string | number | null | undefined): string {
  return refused ? (refused.values[name] ?? '') : stored === null || stored === undefined ? '' : String(stored)
}

/** A field as `corrected` names it (decision 080). */
export type CorrectedField = `${'name' | 'short_name'}.${'ar' | 'en'}` | 'position' | 'shirt_number' | 'crest' | 'photo'

export function CorrectedMark({ corrected, field }: { corrected: string[]; field: CorrectedField }) {
  if (!corrected.includes(field)) return null
  return (
    <span className="badge desk-corrected">
      <Trans>Corrected</Trans>
    </span>
  )
}

/** A label with the corrected mark after it. */
function Labelled({ text, corrected, field }: { text: ReactNode; corrected: string[]; field: CorrectedField }) {
  return (
    <>
      {text} <CorrectedMark corrected={corrected} field={field} />
    </>
  )
}

/** The search a list screen starts with: a GET form, so it works without a script. */
export function DeskSearch({ action, q, label }: { action: string; q: string; label: ReactNode }) {
  return (
    <form className="desk-search" method="get" action={action} role="search">
      <label htmlFor="desk-search-q">{label}</label>
      <input id="desk-search-q" type="search" name="q" defaultValue={q} maxLength={100} dir="auto" />
      <button className="button" type="submit">
        <Trans>Search</Trans>
      </button>
    </form>
  )
}

/** `prefix.ar` and `prefix.en`: the Arabic written right to left, the English left to right. */
export function NameFields({
  prefix,
  stored,
  corrected,
  refused,
  labels,
}: {
  prefix: 'name' | 'short_name'
  stored: LocalizedText
  corrected: string[]
  refused: Refused | undefined
  labels: { ar: ReactNode; en: ReactNode }
}) {
  return (
    <div className="desk-pair">
      {(['ar', 'en'] as const).map((lang) => {
        const name = `${prefix}.${lang}` as const
        return (
          <DeskField key={lang} name={name} label={<Labelled text={labels[lang]} corrected={corrected} field={name} />} error={refused?.failure.errors[name]}>
            {(attributes) => (
              <input {...attributes} type="text" maxLength={100} dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} defaultValue={shown(refused, name, stored[lang])} />
            )}
          </DeskField>
        )
      })}
    </div>
  )
}

/** The aliases there are, and a box for new ones, one a line: aliases are added, never removed here. */
export function AliasesField({ aliases, refused }: { aliases: string[]; refused: Refused | undefined }) {
  const { t } = useLingui()
  return (
    <fieldset className="desk-fieldset">
      <legend>
        <Trans>Aliases</Trans>
      </legend>
      {aliases.length === 0 ? (
        <p className="desk-muted">
          <Trans>No alias yet.</Trans>
        </p>
      ) : (
        <ul className="desk-aliases" aria-label={t`Current aliases`}>
          {aliases.map((alias) => (
            <li key={alias}>
              <bdi>{alias}</bdi>
            </li>
          ))}
        </ul>
      )}
      <DeskField
        name="aliases"
        label={<Trans>New aliases</Trans>}
        hint={<Trans>One a line, in any language. Imports find the club or player by these names.</Trans>}
        error={refused?.failure.errors.aliases}
      >
        {(attributes) => <textarea {...attributes} rows={3} dir="auto" defaultValue={shown(refused, 'aliases', '')} />}
      </DeskField>
    </fieldset>
  )
}

/** A crest or a photo: where it is, whose it is, under what licence. */
export function PictureFields({
  prefix,
  stored,
  corrected,
  refused,
  legend,
}: {
  prefix: 'crest' | 'photo'
  stored: Picture | null
  corrected: string[]
  refused: Refused | undefined
  legend: ReactNode
}) {
  const field = (part: keyof Picture) => `${prefix}.${part}`
  const errors = refused?.failure.errors ?? {}
  return (
    <fieldset className="desk-fieldset">
      <legend>
        <Labelled text={legend} corrected={corrected} field={prefix} />
      </legend>
      {stored ? <img className="desk-picture" src={stored.src} alt="" width={72} height={72} /> : null}
      <DeskField name={field('src')} label={<Trans>Address</Trans>} hint={<Trans>An https address, or a path on this site.</Trans>} error={errors[field('src')]}>
        {(attributes) => <input {...attributes} type="text" inputMode="url" maxLength={500} dir="ltr" lang="en" defaultValue={shown(refused, field('src'), stored?.src)} />}
      </DeskField>
      <div className="desk-pair">
        <DeskField name={field('credit')} label={<Trans>Credit</Trans>} error={errors[field('credit')]}>
          {(attributes) => <input {...attributes} type="text" maxLength={200} dir="auto" defaultValue={shown(refused, field('credit'), stored?.credit)} />}
        </DeskField>
        <DeskField name={field('licence')} label={<Trans>Licence</Trans>} error={errors[field('licence')]}>
          {(attributes) => <input {...attributes} type="text" maxLength={100} dir="auto" defaultValue={shown(refused, field('licence'), stored?.licence)} />}
        </DeskField>
      </div>
    </fieldset>
  )
}

/** A player's position as a select offers it: not known, or one of the four. */
export function PositionOptions() {
  const { t } = useLingui()
  const positions = { GK: t`Goalkeeper`, DF: t`Defender`, MF: t`Midfielder`, FW: t`Forward` }
  return (
    <>
      <option value="">{t`Not known`}</option>
      {Object.entries(positions).map(([code, label]) => (
        <option key={code} value={code}>
          {label}
        </option>
      ))}
    </>
  )
}

/** The top of a club's or player's editor: back to the list, and on to the public page. */
export function EditorLinks({ list, page }: { list: { href: string; label: ReactNode }; page: { href: string; label: ReactNode } }) {
  return (
    <p>
      <a href={list.href}>{list.label}</a> · <a href={page.href}>{page.label}</a>
    </p>
  )
}

/**
 * A club's or player's correction form: why it was refused, the names in both languages (and
 * the short names, for a club), the fields `children` adds, and the button that saves.
 */
export function CorrectionForm({
  action,
  refused,
  corrected,
  name,
  shortName,
  children,
}: {
  action: string
  refused: Refused | undefined
  corrected: string[]
  name: LocalizedText
  shortName?: LocalizedText
  children: ReactNode
}) {
  return (
    <form className="desk-form" method="post" action={action} noValidate>
      <DeskFormError message={refused?.failure.message} />
      <fieldset className="desk-fieldset">
        <legend>
          <Trans>Names</Trans>
        </legend>
        <NameFields prefix="name" stored={name} corrected={corrected} refused={refused} labels={{ ar: <Trans>Name in Arabic</Trans>, en: <Trans>Name in English</Trans> }} />
        {shortName ? (
          <NameFields
            prefix="short_name"
            stored={shortName}
            corrected={corrected}
            refused={refused}
            labels={{ ar: <Trans>Short name in Arabic</Trans>, en: <Trans>Short name in English</Trans> }}
          />
        ) : null}
      </fieldset>
      {children}
      <p className="desk-muted">
        <Trans>A field you change is marked as corrected: later imports leave it as you set it and report any difference.</Trans>
      </p>
      <p className="desk-actions">
        <button className="button" type="submit">
          <Trans>Save the corrections</Trans>
        </button>
      </p>
    </form>
  )
}
