import { Trans, useLingui } from '@lingui/react/macro'
import { countryChoices } from '../../../lib/countries.ts'
import { LOCALE_CONFIG, LOCALES } from '../../../lib/locales.ts'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import { usePageRequest } from '../../request-context.tsx'
import { AuthForm } from '../auth/auth-form.tsx'
import { type FailedForm, ProfileSection, sectionAction } from './profile-section.tsx'
import { THEME_NAMES } from './profile-summary.tsx'

/** Name, mobile, theme, language and country (PATCH profile). A refused form shows what was typed. */
export function DetailsForm({ user, failed }: { user: ProfileUser; failed?: FailedForm }) {
  const { lang } = usePageRequest()
  const { t, i18n } = useLingui()
  const value = (name: 'name' | 'mobile' | 'theme' | 'lang' | 'country') => failed?.values[name] ?? user[name] ?? ''
  const { arab, others } = countryChoices(lang)
  return (
    <ProfileSection id="details" title={<Trans>Your details</Trans>}>
      <AuthForm
        action={sectionAction(lang, 'details', 'details')}
        labelledBy="details-title"
        failure={failed?.failure}
        fields={[
          { name: 'name', kind: 'name', label: t`Name`, value: value('name') },
          {
            name: 'mobile',
            kind: 'mobile',
            label: t`Mobile number`,
            value: value('mobile'),
            optional: true,
            hint: t`With the country code, such as +966 50 123 4567. Leave it empty to remove it.`,
          },
          {
            name: 'theme',
            kind: 'choice',
            label: t`Theme`,
            value: value('theme'),
            hint: t`It applies across the whole site.`,
            options: (['system', 'light', 'dark'] as const).map((theme) => ({ value: theme, label: i18n._(THEME_NAMES[theme]) })),
          },
          {
            name: 'lang',
            kind: 'choice',
            label: t`Language`,
            value: value('lang'),
            hint: t`The site and our emails use it.`,
            options: LOCALES.map((locale) => ({ value: locale, label: LOCALE_CONFIG[locale].nativeName })),
          },
          {
            name: 'country',
            kind: 'choice',
            label: t`Your country`,
            value: value('country'),
            hint: t`Its channels come first where a match is shown.`,
            options: [{ value: '', label: t`Where I am` }, ...[...arab, ...others].map(({ code, name }) => ({ value: code, label: name }))],
          },
        ]}
      >
        <button className="button" type="submit">
          <Trans>Save changes</Trans>
        </button>
      </AuthForm>
    </ProfileSection>
  )
}
