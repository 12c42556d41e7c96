// The country picker (decision 122): a form that posts to /{lang}/country, which keeps the
// choice in the `country` cookie (and the profile, when signed in) and comes back here. No
// script: it works the same with and without JavaScript.
import { Trans, useLingui } from '@lingui/react/macro'
import { ARAB_LEAGUE_CODES, COUNTRY_CODES, countryName, type CountryCode } from '../../lib/countries.ts'
import { href } from '../../lib/links.ts'
import type { Locale } from '../../lib/locales.ts'
import { usePageRequest } from '../request-context.tsx'

/** The form's value for "where I am": the choice is cleared. */
export const WHERE_I_AM = 'auto'

function CountryOptions({ codes, lang }: { codes: readonly CountryCode[]; lang: Locale }) {
  const collator = new Intl.Collator(lang)
  const named = codes.map((code) => [code, countryName(code, lang)] as const).sort(([, a], [, b]) => collator.compare(a, b))
  return named.map(([code, name]) => (
    <option key={code} value={code}>
      {name}
    </option>
  ))
}

/**
 * `id` names the select, unique on the page. A page kept for every reader does not know
 * their country (PageRequest.country is undefined): the picker then offers a choice without
 * claiming one.
 */
export function CountryPicker({ id }: { id: string }) {
  const { lang, path, country } = usePageRequest()
  const { t } = useLingui()
  const others = COUNTRY_CODES.filter((code) => !ARAB_LEAGUE_CODES.includes(code))
  return (
    <form className="country-picker" method="post" action={href(lang, 'country')}>
      <input type="hidden" name="next" value={path} />
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
          <CountryOptions codes={ARAB_LEAGUE_CODES} lang={lang} />
        </optgroup>
        <optgroup label={t`Other countries`}>
          <CountryOptions codes={others} lang={lang} />
        </optgroup>
      </select>
      <button className="button" type="submit">
        <Trans>Set country</Trans>
      </button>
    </form>
  )
}
