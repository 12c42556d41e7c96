// The country picker (issue 26, section 2; decision 122): the page the header links to, and
// the form that it and the match page post here. The choice is kept in the `country` cookie,
// and for a signed-in reader in their profile too; then back to the page they were on. Works
// without JavaScript. "Where I am" clears the choice: back to where Cloudflare places the reader.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { href, safeNextPath } from '../../lib/links.ts'
import { currentUser } from '../auth/current-user.ts'
import { CountryPicker, WHERE_I_AM } from '../components/country-picker.tsx'
import { profileCalls } from '../auth/profile-calls.ts'
import { signInUnavailableError } from '../auth/sign-in-api.ts'
import { readSessionCookie, setCountryCookie } from '../http/cookies.ts'
import { ApiError } from '../http/envelope.ts'
import { formLimit, readForm } from '../http/forms.ts'
import { readerCountry } from '../http/reader-country.ts'
import { cardRenderer } from '../layouts/renderers.tsx'
import { privateNoStore } from '../middleware/private.ts'
import type { AppEnv } from '../types.ts'
import { Country } from '../validation/fields.ts'

export const countryPicker = new Hono<AppEnv>()

const Choice = v.union([v.literal(WHERE_I_AM), Country])

// The picker names the reader's own country: one reader's page, kept by no cache.
countryPicker.get('/country', privateNoStore, cardRenderer, async (c) => {
  c.set('shownCountry', (await readerCountry(c)) ?? null)
  const next = safeNextPath(c.req.query('next'), href(c.var.lang, 'home'))
  return c.render(
    <>
      <p>
        <Trans>Where to watch shows the channels of your country first, and the matches page can keep only what is on TV there.</Trans>
      </p>
      <CountryPicker id="country-choice" next={next} />
    </>,
    { title: c.var.i18n._(msg`Your country`), noindex: true },
  )
})

countryPicker.post('/country', formLimit, async (c) => {
  const form = await readForm(c)
  const choice = v.safeParse(Choice, form?.country)
  // The page the error handler shows words this in the page's language: a 422, never a 500.
  if (!form || !choice.success) throw new ApiError(422, msg`Please choose a country from the list.`)
  const country = choice.output === WHERE_I_AM ? null : choice.output
  setCountryCookie(c, country)
  if (await currentUser(c)) {
    const answer = await profileCalls.setCountry(c, readSessionCookie(c)!, country)
    if (answer.status !== 200) throw signInUnavailableError()
  }
  const next = safeNextPath(typeof form.next === 'string' ? form.next : undefined, href(c.var.lang, 'home'))
  return c.redirect(next, 303)
})
