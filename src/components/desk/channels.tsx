// The desk's channels (issue 26): the list, and a channel's form, new or kept. Countries are
// picked from the Arab League's, named in the desk's language, or typed as codes; the logo is
// a library image, shown with its credit and licence.
import { Trans, useLingui } from '@lingui/react/macro'
import { ARAB_LEAGUE_CODES, type CountryCode, countryName, countryNames } from '../../../lib/countries.ts'
import { href } from '../../../lib/links.ts'
import type { Locale } from '../../../lib/locales.ts'
import type { Channel } from '../../db/channels.ts'
import { LICENCE_NAMES } from '../../media/licences.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskField, DeskFormError, DeskTable } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { DeskSearch, NameFields, type Refused, shown } from './football-parts.tsx'

/** How names are listed in a sentence of `lang`. */
export const LIST_SEPARATOR: Record<Locale, string> = { ar: '، ', en: ', ' }

/** Countries as a line of names in the desk's language. */
export function CountryList({ codes }: { codes: readonly CountryCode[] }) {
  const { lang } = usePageRequest()
  return <bdi>{countryNames(codes, lang).join(LIST_SEPARATOR[lang])}</bdi>
}

export function FreeToAir({ free }: { free: boolean }) {
  return <span className={free ? 'badge desk-status desk-status-published' : 'badge desk-status'}>{free ? <Trans>Free to air</Trans> : <Trans>Paid</Trans>}</span>
}

export function ChannelList({ channels, q }: { channels: Channel[]; q: string }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <>
      <p className="desk-actions">
        <a className="button" href={href(lang, 'deskChannelNew')}>
          <Trans>Add a channel</Trans>
        </a>
        <a href={href(lang, 'deskRounds')}>
          <Trans>Where to watch, round by round</Trans>
        </a>
      </p>
      <DeskSearch action={href(lang, 'deskChannels')} q={q} label={<Trans>Find a channel by its name, in Arabic or English</Trans>} />
      <DeskTable
        caption={q ? t`Channels matching “${q}”` : t`Channels`}
        columns={[<Trans>Channel</Trans>, <Trans>Access</Trans>, <Trans>Countries</Trans>]}
        items={channels}
        empty={<Trans>No channel goes by that name.</Trans>}
        row={(channel) => (
          <tr key={channel.id}>
            <td>
              <a href={href(lang, 'deskChannel', { id: channel.id })}>
                <bdi>{deskName(channel.name, lang)}</bdi>
              </a>
            </td>
            <td>
              <FreeToAir free={channel.freeToAir} />
            </td>
            <td>
              <CountryList codes={channel.countries} />
            </td>
          </tr>
        )}
      />
    </>
  )
}

/** The Arab League's codes by their name in `lang`: the order an editor looks for them in. */
const byName = (lang: Locale) => [...ARAB_LEAGUE_CODES].sort((a, b) => countryName(a, lang).localeCompare(countryName(b, lang), lang))

/** What a country box shows: ticked as just posted, else as stored. */
function ticked(refused: Refused | undefined, code: CountryCode, stored: readonly CountryCode[]): boolean {
  return refused ? refused.values[`country.${code}`] === 'on' : stored.includes(code)
}

/** The countries where a channel airs: the Arab League's as boxes, any other as codes. */
function CountriesField({ stored, refused }: { stored: readonly CountryCode[]; refused: Refused | undefined }) {
  const { lang } = usePageRequest()
  const arab: readonly string[] = ARAB_LEAGUE_CODES
  const others = stored.filter((code) => !arab.includes(code)).join(' ')
  const error = refused?.failure.errors.countries
  return (
    <fieldset className="desk-fieldset" aria-describedby={error ? 'desk-countries-error' : undefined}>
      <legend>
        <Trans>Countries where it airs</Trans>
      </legend>
      <ul className="desk-checks">
        {byName(lang).map((code) => (
          <li key={code}>
            <label>
              <input type="checkbox" name={`country.${code}`} defaultChecked={ticked(refused, code, stored)} /> <bdi>{countryName(code, lang)}</bdi>
            </label>
          </li>
        ))}
      </ul>
      <DeskField
        name="countries.other"
        label={<Trans>Other countries</Trans>}
        hint={<Trans>Two-letter codes (ISO 3166-1) separated by spaces, such as TR GB FR.</Trans>}
      >
        {(attributes) => <input {...attributes} type="text" maxLength={750} dir="ltr" lang="en" defaultValue={shown(refused, 'countries.other', others)} />}
      </DeskField>
      {error ? (
        <p className="field-error" id="desk-countries-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** The API's field the access radios post. */
type AccessField = 'free_to_air'
const ACCESS: AccessField = 'free_to_air'

export function ChannelEditor({ channel, refused }: { channel: Channel | undefined; refused: Refused | undefined }) {
  const { lang } = usePageRequest()
  const { i18n } = useLingui()
  const errors = refused?.failure.errors ?? {}
  const free = shown(refused, ACCESS, channel ? (channel.freeToAir ? 'yes' : 'no') : '')
  const logo = channel?.logo
  return (
    <>
      <p>
        <a href={href(lang, 'deskChannels')}>
          <Trans>Back to the channels</Trans>
        </a>
      </p>
      <form className="desk-form" method="post" action={channel ? href(lang, 'deskChannel', { id: channel.id }) : href(lang, 'deskChannelNew')} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <fieldset className="desk-fieldset">
          <legend>
            <Trans>Names</Trans>
          </legend>
          <NameFields
            prefix="name"
            stored={channel?.name ?? {}}
            corrected={[]}
            refused={refused}
            labels={{ ar: <Trans>Name in Arabic</Trans>, en: <Trans>Name in English</Trans> }}
          />
        </fieldset>
        <fieldset className="desk-fieldset" aria-describedby={errors.free_to_air ? 'desk-free-error' : undefined}>
          <legend>
            <Trans>Access</Trans>
          </legend>
          <label>
            <input type="radio" name={ACCESS} value="yes" defaultChecked={free === 'yes'} /> <Trans>Free to air</Trans>
          </label>{' '}
          <label>
            <input type="radio" name={ACCESS} value="no" defaultChecked={free === 'no'} /> <Trans>Paid (a subscription)</Trans>
          </label>
          {errors.free_to_air ? (
            <p className="field-error" id="desk-free-error">
              {errors.free_to_air}
            </p>
          ) : null}
        </fieldset>
        <CountriesField stored={channel?.countries ?? []} refused={refused} />
        <fieldset className="desk-fieldset">
          <legend>
            <Trans>How to get it</Trans>
          </legend>
          <div className="desk-pair">
            {(['ar', 'en'] as const).map((language) => (
              <DeskField
                key={language}
                name={`reception.${language}`}
                label={language === 'ar' ? <Trans>In Arabic</Trans> : <Trans>In English</Trans>}
                hint={<Trans>The satellite and frequency, or the streaming service.</Trans>}
                error={errors[`reception.${language}`]}
              >
                {(attributes) => (
                  <textarea
                    {...attributes}
                    rows={2}
                    maxLength={300}
                    dir={language === 'ar' ? 'rtl' : 'ltr'}
                    lang={language}
                    defaultValue={shown(refused, `reception.${language}`, channel?.reception[language])}
                  />
                )}
              </DeskField>
            ))}
          </div>
          <DeskField name="url" label={<Trans>Address</Trans>} hint={<Trans>The channel's or its streaming service's https address.</Trans>} error={errors.url}>
            {(attributes) => <input {...attributes} type="url" maxLength={500} dir="ltr" lang="en" defaultValue={shown(refused, 'url', channel?.url)} />}
          </DeskField>
        </fieldset>
        <fieldset className="desk-fieldset">
          <legend>
            <Trans>Logo</Trans>
          </legend>
          {logo ? (
            <figure className="desk-logo">
              <img className="desk-picture" src={logo.src} alt={logo.alt[lang]} width={logo.width} height={logo.height} />
              <figcaption>
                <bdi>{logo.credit}</bdi> · {i18n._(LICENCE_NAMES[logo.licence])}
              </figcaption>
            </figure>
          ) : null}
          <DeskField
            name="logo"
            label={<Trans>Library image number</Trans>}
            hint={
              <Trans>
                Upload the logo to the <a href={href(lang, 'deskMedia')}>media library</a> with its credit and licence, then give its number here. Empty: no logo.
              </Trans>
            }
            error={errors.logo}
          >
            {(attributes) => <input {...attributes} type="text" inputMode="numeric" maxLength={18} dir="ltr" defaultValue={shown(refused, 'logo', logo?.id)} />}
          </DeskField>
        </fieldset>
        <p className="desk-actions">
          <button className="button" type="submit">
            {channel ? <Trans>Save the channel</Trans> : <Trans>Add the channel</Trans>}
          </button>
        </p>
      </form>
    </>
  )
}
