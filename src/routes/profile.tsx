// Account screens (spec §2: signed-in only). The profile uses the auth layout; its
// signed-in devices use the profile layout. Every form posts here; each route forwards it
// to the profile API through the proxy (src/auth/profile-calls.ts) with the session from
// the `token` cookie, and answers as the sign-in routes do (src/http/form-answers.ts): a
// 303 with a toast, the page again with the form's errors, or the same as JSON for the
// islands. A 401 from the API signs the visitor out (spec §4).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import { href, type ProfileForm, withQuery } from '../../lib/links.ts'
import type { ApiAnswer } from '../http/api-client.ts'
import { signInUnavailableError } from '../auth/sign-in-api.ts'
import { authCalls } from '../auth/auth-calls.ts'
import { currentUser } from '../auth/current-user.ts'
import { CodeSent, type EmailStep, endEmailStep, readEmailStep, saveEmailStep, startEmailStep } from '../auth/email-step.ts'
import { apiFailure, fail, type FormFailure, invalidForm, readTextFields, restart, succeed, unreadableForm, wantsJson } from '../http/form-answers.ts'
import { codeResent } from '../auth/pending-step.ts'
import { FollowList, profileCalls, ProfileUser, SessionItem } from '../auth/profile-calls.ts'
import { ProfilePage } from '../components/profile/profile-page.tsx'
import type { FailedForm } from '../components/profile/profile-section.tsx'
import { SessionsList } from '../components/profile/sessions-list.tsx'
import { type Flash, redirectWithToast } from '../flash.ts'
import { clearSessionCookie, readSessionCookie, setCountryCookie, setLangCookie, setThemeCookie } from '../http/cookies.ts'
import { formLimit, readForm } from '../http/forms.ts'
import { cardRenderer, accountRenderer } from '../layouts/renderers.tsx'
import { MAX_AVATAR_BODY_BYTES } from '../media/avatars.ts'
import { authGuard } from '../middleware/guards.ts'
import { privateNoStore } from '../middleware/private.ts'
import type { AppEnv } from '../types.ts'

export const profilePages = new Hono<AppEnv>()

profilePages.use('/profile', privateNoStore, authGuard, cardRenderer)
profilePages.use('/profile/*', privateNoStore, authGuard, cardRenderer)
// After the line above: the devices page's own layout replaces the profile form's.
profilePages.use('/profile/sessions', accountRenderer)

/** The session token: the auth guard has just found it good. */
const session = (c: Context<AppEnv>) => readSessionCookie(c) ?? ''

const profilePath = (c: Context<AppEnv>, section?: string) => href(c.var.lang, 'profile') + (section ? `#${section}` : '')

const SESSION_ENDED = msg`Your session has ended. Please sign in again.`

/** The API no longer knows the session: sign out here too, then the login page, which brings the visitor back (spec §4). */
function signedOut(c: Context<AppEnv>): Response {
  clearSessionCookie(c)
  endEmailStep(c)
  const login = withQuery(href(c.var.lang, 'login'), { next: href(c.var.lang, 'profile') })
  return restart(c, login, { type: 'warning', key: 'sessionEnded' }, { status: 401, message: c.var.i18n._(SESSION_ENDED), errors: {} })
}

// The profile page, with the form that was refused (if any) showing its errors.

/** `emailStep` null: the address form, whatever the request's cookie says (the step has just ended). */
async function profilePage(c: Context<AppEnv>, failed?: FailedForm, emailStep: EmailStep | null = readEmailStep(c) ?? null): Promise<Response> {
  const [answer, follows] = await Promise.all([profileCalls.get(c, session(c)), profileCalls.follows(c, session(c))])
  if (answer.status === 401) return signedOut(c)
  const user = v.safeParse(ProfileUser, answer.body.data)
  if (answer.status !== 200 || !user.success) throw signInUnavailableError()
  const title = c.var.i18n._(msg`Your profile`)
  return c.render(<ProfilePage user={user.output} follows={v.parse(FollowList, follows.body.data).follows} emailStep={emailStep ?? undefined} failed={failed} />, {
    title,
    noindex: true,
    toaster: true,
    status: failed?.failure.status,
  })
}

profilePages.get('/profile', (c) => profilePage(c))

type Show = (failure: FormFailure) => Promise<Response>

/** What a profile form does with the API's answer: 401 signs out, a refusal shows the form again, 200 goes on. */
function afterCall(c: Context<AppEnv>, answer: ApiAnswer<unknown>, show: Show, done: () => Response) {
  if (answer.status === 401) return signedOut(c)
  if (answer.status !== 200) return fail(c, apiFailure(c, answer), show)
  return done()
}

/**
 * A text form of the profile page: its fields are read (a file where text belongs is a
 * field error), then `call` forwards them. What was typed comes back with the errors,
 * passwords excepted.
 */
async function textForm<N extends string>(
  c: Context<AppEnv>,
  form: ProfileForm,
  names: readonly N[],
  call: (values: Record<N, string>, show: Show) => Promise<Response> | Response,
): Promise<Response> {
  const posted = await readTextFields(c, names)
  const typed = Object.fromEntries(Object.entries<string>(posted?.values ?? {}).filter(([name]) => !name.includes('password')))
  const show: Show = (failure) => profilePage(c, { form, failure, values: typed })
  if (!posted) return fail(c, unreadableForm(c), show)
  const errors = posted.errors as Record<string, string>
  if (Object.keys(errors).length > 0) return fail(c, invalidForm(c, errors), show)
  return call(posted.values, show)
}

const saved = (c: Context<AppEnv>, to: string, flash: Flash, answer: ApiAnswer<unknown>) => succeed(c, to, flash, answer.body.message)

// Details: the theme applies across the site at once (the theme cookie every page reads),
// and a language just chosen opens the profile in it (the `lang` cookie remembers it). An
// account's language left as it was keeps the page in the one it is read in. The country
// goes to the picker's cookie too, so the reader's choice stays when they sign out; empty
// is "where I am".
const SavedDetails = v.pick(ProfileUser, ['theme', 'lang', 'country'])

profilePages.post('/profile/details', formLimit, (c) =>
  textForm(c, 'details', ['name', 'mobile', 'theme', 'lang', 'country'], async (values, show) => {
    const before = (await currentUser(c))?.lang
    const answer = await profileCalls.update(c, session(c), { ...values, country: values.country || null })
    return afterCall(c, answer, show, () => {
      const user = v.safeParse(SavedDetails, answer.body.data)
      if (!user.success) throw signInUnavailableError()
      setThemeCookie(c, user.output.theme)
      setCountryCookie(c, user.output.country)
      let lang = c.var.lang
      if (user.output.lang !== before) {
        lang = user.output.lang
        setLangCookie(c, lang)
      }
      return saved(c, href(lang, 'profile'), { type: 'success', key: 'profileSaved' }, answer)
    })
  }),
)

// Spoiler-free (decision 139): the mode, forwarded to PATCH profile, which refuses any other value.
profilePages.post('/profile/spoilers', formLimit, (c) =>
  textForm(c, 'spoilers', ['spoiler_free'], async (values, show) => {
    const answer = await profileCalls.update(c, session(c), values)
    return afterCall(c, answer, show, () => saved(c, profilePath(c, 'spoilers'), { type: 'success', key: 'profileSaved' }, answer))
  }),
)

profilePages.post('/profile/password', formLimit, (c) =>
  textForm(c, 'password', ['current_password', 'password'], async (values, show) => {
    const answer = await profileCalls.changePassword(c, session(c), values)
    return afterCall(c, answer, show, () => saved(c, profilePath(c), { type: 'success', key: 'passwordUpdated' }, answer))
  }),
)

// Photo: the multipart body goes on as it came, the file in `avatar`; the API judges it.

const TOO_LARGE = msg`Please choose an image of at most 2 MB.`

const showAvatarFailure = (c: Context<AppEnv>) => (failure: FormFailure) => profilePage(c, { form: 'avatar', failure, values: {} })

const avatarLimit = bodyLimit({
  maxSize: MAX_AVATAR_BODY_BYTES,
  onError: (c) => {
    const ctx = c as Context<AppEnv>
    const message = ctx.var.i18n._(TOO_LARGE)
    return fail(ctx, { status: 413, message, errors: { avatar: message } }, showAvatarFailure(ctx))
  },
})

profilePages.post('/profile/avatar', avatarLimit, async (c) => {
  const show = showAvatarFailure(c)
  const form = await readForm(c)
  if (!form) return fail(c, unreadableForm(c), show)
  const upload = new FormData()
  if (form.avatar instanceof File) upload.set('avatar', form.avatar)
  const answer = await profileCalls.uploadAvatar(c, session(c), upload)
  return afterCall(c, answer, show, () => saved(c, profilePath(c), { type: 'success', key: 'avatarUpdated' }, answer))
})

profilePages.post('/profile/avatar/remove', async (c) => {
  const answer = await profileCalls.removeAvatar(c, session(c))
  return afterCall(c, answer, showAvatarFailure(c), () => saved(c, profilePath(c), { type: 'success', key: 'avatarRemoved' }, answer))
})

// A change of email: the address (and the current password), then the code that reached it.

profilePages.post('/profile/email', formLimit, (c) =>
  textForm(c, 'email', ['email', 'current_password'], async (values, show) => {
    const answer = await profileCalls.requestEmailChange(c, session(c), values)
    return afterCall(c, answer, show, () => {
      const sent = v.safeParse(CodeSent, answer.body.data)
      if (!sent.success) throw signInUnavailableError()
      startEmailStep(c, values.email.trim(), sent.output)
      return saved(c, profilePath(c, 'email'), { type: 'success', key: 'emailCodeSent' }, answer)
    })
  }),
)

/** No change is waiting (the cookie is gone, or the API's step is): the address form again. */
function emailStepEnded(c: Context<AppEnv>, answer?: ApiAnswer<unknown>): Response {
  endEmailStep(c)
  const failure: FormFailure = answer
    ? apiFailure(c, answer)
    : { status: 410, message: c.var.i18n._(msg`There is no change of email waiting for a code. Please start again.`), errors: {} }
  return restart(c, profilePath(c, 'email'), { type: 'error', key: 'emailStepEnded' }, failure)
}

profilePages.post('/profile/email/code', formLimit, async (c) => {
  const step = readEmailStep(c)
  if (!step) return emailStepEnded(c)
  return textForm(c, 'email/code', ['code'], async (values, show) => {
    const answer = await profileCalls.verifyEmailChange(c, session(c), values.code)
    // Another account has the address: the code is spent, and the address form shows why,
    // with the address in it (an island reloads the page to show it, the toast waiting).
    if (answer.status === 422 && answer.body.errors?.email) {
      endEmailStep(c)
      if (wantsJson(c)) return restart(c, profilePath(c, 'email'), { type: 'error', key: 'emailTaken' }, apiFailure(c, answer))
      return fail(c, apiFailure(c, answer), (failure) => profilePage(c, { form: 'email', failure, values: { email: step.email } }, null))
    }
    return afterCall(c, answer, show, () => {
      endEmailStep(c)
      return saved(c, profilePath(c), { type: 'success', key: 'emailChanged' }, answer)
    })
  })
})

profilePages.post('/profile/email/resend', async (c) => {
  const step = readEmailStep(c)
  if (!step) return emailStepEnded(c)
  const answer = await profileCalls.resendEmailCode(c, session(c))
  if (answer.status === 410) return emailStepEnded(c, answer)
  const show: Show = (failure) => profilePage(c, { form: 'email/code', failure, values: {} })
  return afterCall(c, answer, show, () => {
    const sent = v.safeParse(CodeSent, answer.body.data)
    const resent = codeResent(step, sent.success ? sent.output.resend_after : undefined)
    saveEmailStep(c, resent)
    if (wantsJson(c)) return c.json({ status: 200, message: answer.body.message, resendAfter: resent.resendAfter })
    return redirectWithToast(c, profilePath(c, 'email'), { type: 'success', key: 'codeResent' }, 303)
  })
})

profilePages.post('/profile/email/cancel', (c) => {
  endEmailStep(c)
  return succeed(c, profilePath(c, 'email'), { type: 'info', key: 'emailChangeCancelled' }, c.var.i18n._(msg`Your email address stays as it was.`))
})

// Deleting the account: the box ticked, the current password, then nothing is left.

profilePages.post('/profile/delete', formLimit, (c) =>
  textForm(c, 'delete', ['current_password', 'confirm'], async (values, show) => {
    if (values.confirm !== 'yes') {
      return fail(c, invalidForm(c, { confirm: c.var.i18n._(msg`Please tick the box to confirm.`) }), show)
    }
    const answer = await profileCalls.deleteAccount(c, session(c), { current_password: values.current_password })
    return afterCall(c, answer, show, () => {
      clearSessionCookie(c)
      endEmailStep(c)
      return saved(c, href(c.var.lang, 'home'), { type: 'success', key: 'accountDeleted' }, answer)
    })
  }),
)

// Signed-in devices (security.md: ASVS 7.5.2).

profilePages.get('/profile/sessions', async (c) => {
  const answer = await profileCalls.sessions(c, session(c))
  if (answer.status === 401) return signedOut(c)
  const sessions = v.safeParse(v.array(SessionItem), answer.body.data)
  if (answer.status !== 200 || !sessions.success) throw signInUnavailableError()
  const title = c.var.i18n._(msg`Signed-in devices`)
  return c.render(<SessionsList sessions={sessions.output} />, { title, noindex: true })
})

profilePages.post('/profile/sessions/:id/revoke', async (c) => {
  const sessionsPage = href(c.var.lang, 'sessions')
  const answer = await profileCalls.revokeSession(c, session(c), c.req.param('id'))
  if (answer.status === 401) return signedOut(c)
  if (answer.status === 404) return restart(c, sessionsPage, { type: 'error', key: 'sessionNotFound' }, apiFailure(c, answer))
  if (answer.status !== 200) throw signInUnavailableError()
  // Revoking this device's own session signs the visitor out (docs/auth-api.md).
  if ((await authCalls.me(c, session(c))).status === 401) {
    clearSessionCookie(c)
    return succeed(c, href(c.var.lang, 'login'), { type: 'success', key: 'signedOut' }, answer.body.message)
  }
  return saved(c, sessionsPage, { type: 'success', key: 'deviceSignedOut' }, answer)
})
