import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { FieldSpec } from '../../../client/auth/field-spec.ts'
import { href, type ProfileForm } from '../../../lib/links.ts'
import type { Locale } from '../../../lib/locales.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { ProfileUser } from '../../auth/profile-calls.ts'

/** A form of the profile page that was refused: why, and what was typed (never a password). */
export interface FailedForm {
  form: ProfileForm
  failure: FormFailure
  values: Record<string, string>
}

/** The failure of `form`, when it is the one that was refused. */
export function failureOf(failed: FailedForm | undefined, form: ProfileForm): FailedForm | undefined {
  return failed?.form === form ? failed : undefined
}

/** One part of the profile page: a heading (`{id}-title`) that names it and its form, then its content. */
export function ProfileSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="profile-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  )
}

/**
 * The current password, which a change of password or email and deleting the account ask
 * for (security.md), when the account has one. `id` tells it apart from the other forms'.
 */
export function useCurrentPasswordField(user: ProfileUser, id: string): FieldSpec[] {
  const { t } = useLingui()
  return user.has_password ? [{ name: 'current_password', id, kind: 'password', label: t`Current password` }] : []
}

/**
 * Where a form of a section posts, with the section as the fragment: the page that answers
 * (the form with its errors, or the page a 303 leads to, which inherits the fragment) opens
 * at that section rather than at the top of a long page.
 */
export function sectionAction(lang: Locale, form: ProfileForm, section: string): string {
  return `${href(lang, 'profileForm', { form })}#${section}`
}
