// The forms that make a club or a player no source carries (issue 34): names in both
// languages, a club's country, ground and aliases, a player's nationality, position and birth
// date, and a crest or photo from the media library by its id. Plain forms: no script needed.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { countryChoices } from '../../../lib/countries.ts'
import { href } from '../../../lib/links.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskField, DeskFormError } from './desk-parts.tsx'
import { PositionOptions, type Refused, shown } from './football-parts.tsx'

/** The bilingual fields of these forms. */
export type PairPrefix = 'name' | 'short_name' | 'stadium.name' | 'stadium.city'

/** Two text fields, `prefix.ar` right to left and `prefix.en` left to right. */
function BilingualFields({ prefix, labels, refused }: { prefix: PairPrefix; labels: { ar: ReactNode; en: ReactNode }; refused: Refused | undefined }) {
  return (
    <div className="desk-pair">
      {(['ar', 'en'] as const).map((lang) => {
        const name = `${prefix}.${lang}`
        return (
          <DeskField key={lang} name={name} label={labels[lang]} error={refused?.failure.errors[name]}>
            {(attributes) => <input {...attributes} type="text" maxLength={100} dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} defaultValue={shown(refused, name, '')} />}
          </DeskField>
        )
      })}
    </div>
  )
}

function CountrySelect({ name, label, refused, optional }: { name: string; label: ReactNode; refused: Refused | undefined; optional?: boolean }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const { arab, others } = countryChoices(lang)
  return (
    <DeskField name={name} label={label} error={refused?.failure.errors[name]}>
      {(attributes) => (
        <select {...attributes} defaultValue={shown(refused, name, optional ? '' : 'EG')}>
          {optional ? <option value="">{t`Not known`}</option> : null}
          <optgroup label={t`Arab countries`}>
            {arab.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={t`Other countries`}>
            {others.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </optgroup>
        </select>
      )}
    </DeskField>
  )
}

function LibraryImageField({ name, label, refused }: { name: 'crest' | 'photo'; label: ReactNode; refused: Refused | undefined }) {
  const { lang } = usePageRequest()
  return (
    <DeskField
      name={name}
      label={label}
      hint={
        <Trans>
          The number of an image in the <a href={href(lang, 'deskMedia')}>media library</a>; its credit and licence go with it.
        </Trans>
      }
      error={refused?.failure.errors[name]}
    >
      {(attributes) => <input {...attributes} type="text" inputMode="numeric" maxLength={16} dir="ltr" defaultValue={shown(refused, name, '')} />}
    </DeskField>
  )
}

const NAME_LABELS = { ar: <Trans>Name in Arabic</Trans>, en: <Trans>Name in English</Trans> }

export function NewClubForm({ refused }: { refused?: Refused | undefined }) {
  const { lang } = usePageRequest()
  return (
    <section aria-labelledby="desk-new-club">
      <h2 id="desk-new-club">
        <Trans>New club</Trans>
      </h2>
      <form className="desk-form" method="post" action={href(lang, 'deskClubNew')} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <BilingualFields prefix="name" labels={NAME_LABELS} refused={refused} />
        <BilingualFields prefix="short_name" labels={{ ar: <Trans>Short name in Arabic</Trans>, en: <Trans>Short name in English</Trans> }} refused={refused} />
        <CountrySelect name="country" label={<Trans>Country</Trans>} refused={refused} />
        <fieldset className="desk-fieldset">
          <legend>
            <Trans>Stadium</Trans>
          </legend>
          <BilingualFields prefix="stadium.name" labels={{ ar: <Trans>Stadium in Arabic</Trans>, en: <Trans>Stadium in English</Trans> }} refused={refused} />
          <BilingualFields prefix="stadium.city" labels={{ ar: <Trans>City in Arabic</Trans>, en: <Trans>City in English</Trans> }} refused={refused} />
        </fieldset>
        <DeskField
          name="aliases"
          label={<Trans>Aliases</Trans>}
          hint={<Trans>One a line, as providers and federations write the club. Imports and syncs find it by these names.</Trans>}
          error={refused?.failure.errors.aliases}
        >
          {(attributes) => <textarea {...attributes} rows={3} dir="auto" defaultValue={shown(refused, 'aliases', '')} />}
        </DeskField>
        <LibraryImageField name="crest" label={<Trans>Crest</Trans>} refused={refused} />
        <button className="button" type="submit">
          <Trans>Create the club</Trans>
        </button>
      </form>
    </section>
  )
}

export function NewPlayerForm({ refused }: { refused?: Refused | undefined }) {
  const { lang } = usePageRequest()
  return (
    <section aria-labelledby="desk-new-player">
      <h2 id="desk-new-player">
        <Trans>New player</Trans>
      </h2>
      <form className="desk-form" method="post" action={href(lang, 'deskPlayerNew')} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <BilingualFields prefix="name" labels={NAME_LABELS} refused={refused} />
        <div className="desk-pair">
          <CountrySelect name="nationality" label={<Trans>Nationality</Trans>} refused={refused} optional />
          <DeskField name="position" label={<Trans>Position</Trans>} error={refused?.failure.errors.position}>
            {(attributes) => (
              <select {...attributes} defaultValue={shown(refused, 'position', '')}>
                <PositionOptions />
              </select>
            )}
          </DeskField>
          <DeskField name="born" label={<Trans>Date of birth</Trans>} error={refused?.failure.errors.born}>
            {(attributes) => <input {...attributes} type="date" dir="ltr" defaultValue={shown(refused, 'born', '')} />}
          </DeskField>
        </div>
        <LibraryImageField name="photo" label={<Trans>Photo</Trans>} refused={refused} />
        <button className="button" type="submit">
          <Trans>Create the player</Trans>
        </button>
      </form>
    </section>
  )
}
