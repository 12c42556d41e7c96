// The country picker (decision 122): a form that posts to /{lang}/country, which keeps the
// choice in the `country` cookie (and the profile, when signed in) and comes back here. No
// script: it works the same with and without JavaScript.
import { Trans, useLingui } from '@lingui/react/macro'
import { countryChoices, type CountryCode, type NamedCountry } from '../../lib/countries.ts'
import { href, withQuery } from '../../lib/links.ts'
import { usePageRequest } from '../request-context.tsx'

/** The form's value for "where I am": the choice is cleared. */
export const WHERE_I_AM = 'auto'

function CountryOptions({ countries }: { countries: NamedCountry[] }) {
  return countries.map(({ code, name }) => (
    <option key={code} value={code}>
      {name}
    </option>
  ))
}

/**
 * `id` names the select, unique on the page; `next` is where the form comes back to (this
 * page by default). A page kept for every reader does not know their country
 * (PageRequest.country is undefined): the picker then offers a choice without claiming one.
 * `offer`: besides the Arab League's, only these countries (and the reader's own), with a link
 * to the page that offers all 249. A page that picks within its own list (the countries a
 * match is shown in) stays light: the whole list weighs about 2.6 KB gzip.
 */
export function CountryPicker({ id, next, offer }: { id: string; next?: string; offer?: readonly CountryCode[] }) {
  const { lang, path, country } = usePageRequest()
  const { t } = useLingui()
  const { arab, others } = countryChoices(lang)
  const offered = offer ? others.filter(({ code }) => offer.includes(code) || code === country) : others
  return (
    <form className="country-picker" method="post" action={href(lang, 'country')}>
      <input type="hidden" name="next" value={next ?? path} />
      <label htmlFor={id}>
        <Trans>Your country</Trans>
      </label>
      <select id={id} name="country" required defaultValue={country === undefined ? '' : (country ?? WHERE_I_AM)}>
        {country === undefined ? (
          <option value="" disabled>
            {t`Choose a country`}
          </option>
        ) : null}
        <option value={WHERE_I_AM}>{t`Where I am`}</option>
        <optgroup label={t`Arab countries`}>
          <CountryOptions countries={arab} />
        </optgroup>
        {offered.length > 0 ? (
          <optgroup label={t`Other countries`}>
            <CountryOptions countries={offered} />
          </optgroup>
        ) : null}
      </select>
      <button className="button" type="submit">
        <Trans>Set country</Trans>
      </button>
      {offer ? (
        <a href={withQuery(href(lang, 'country'), { next: next ?? path })}>
          <Trans>Another country</Trans>
        </a>
      ) : null}
    </form>
  )
}
