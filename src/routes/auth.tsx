// Sign-in screens (spec §2: auth layout, guests only) and the routes their forms post to.
// Each route reads its form, forwards it to the sign-in API (built in, or AUTH_API_BASE:
// src/auth/sign-in-api.ts) and keeps the tokens in HttpOnly cookies: `token` for the
// session, `pending` for a code step. Answers: src/http/form-answers.ts.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { captchaValue } from '../../lib/captcha.ts'
import { href, safeNextPath } from '../../lib/links.ts'
import type { ApiAnswer } from '../http/api-client.ts'
import { signInUnavailable } from '../auth/sign-in-api.ts'
import { authCalls } from '../auth/auth-calls.ts'
import {
  apiFailure,
  fail,
  type FormFailure,
  invalidForm,
  readTextFields,
  restart,
  succeed,
  unreadableForm,
  wantsJson,
} from '../http/form-answers.ts'
import {
  codeResent,
  endPendingStep,
  newStep,
  type PendingStep,
  readPendingStep,
  resendWait,
  savePendingStep,
  StepStart,
  type StepFlow,
} from '../auth/pending-step.ts'
import { captchaProps } from '../captcha/captcha-field.tsx'
import { CodeForm } from '../components/auth/code-form.tsx'
import { LoginForm, type LoginValues } from '../components/auth/login-form.tsx'
import { ResetRequestForm } from '../components/auth/reset-request-form.tsx'
import { SignUpForm, type SignUpValues } from '../components/auth/sign-up-form.tsx'
import { socialSignIn } from '../components/social-sign-in.tsx'
import { redirectWithToast } from '../flash.ts'
import { clearSessionCookie, readSessionCookie, setSessionCookie, setThemeCookie } from '../http/cookies.ts'
import { formLimit } from '../http/forms.ts'
import { cardRenderer } from '../layouts/renderers.tsx'
import { guestGuard } from '../middleware/guards.ts'
import type { AppEnv } from '../types.ts'
import { issueText } from '../validation/fields.ts'

export const auth = new Hono<AppEnv>()
for (const path of ['/login', '/login/*', '/sign-up', '/rest-password', '/rest-password/*']) auth.use(path, cardRenderer)

function renderAuthPage(c: Context<AppEnv>, title: MessageDescriptor, content: ReactNode, status?: ContentfulStatusCode) {
  return c.render(content, { title: c.var.i18n._(title), noindex: true, toaster: true, status })
}

const home = (c: Context<AppEnv>) => href(c.var.lang, 'home')
const hasErrors = (errors: object) => Object.keys(errors).length > 0

/** A session from login-2 or check-otp: the cookies, then `next` with a toast (spec §4). */
const SessionData = v.object({
  access_token: v.optional(v.string()),
  token: v.optional(v.string()),
  theme: v.optional(v.picklist(['light', 'dark', 'system'])),
})

function startSession(c: Context<AppEnv>, answer: ApiAnswer<unknown>, next: string | undefined, show: (failure: FormFailure) => Promise<Response>) {
  const data = v.safeParse(SessionData, answer.body.data)
  const token = data.success ? (data.output.access_token ?? data.output.token) : undefined
  if (!data.success || !token) return fail(c, apiFailure(c, signInUnavailable(c)), show)
  setSessionCookie(c, token)
  // The account's theme applies across the site (issue 4, Pages). "system", the default of
  // every new account, keeps what this browser was already showing.
  const theme = data.output.theme
  if (theme === 'light' || theme === 'dark') setThemeCookie(c, theme)
  endPendingStep(c)
  return succeed(c, safeNextPath(next, home(c)), { type: 'success', key: 'signedIn' }, answer.body.message)
}

const STEP_PAGE = { 'sign-in': 'loginCode', reset: 'resetCode' } as const
const STEP_START = { 'sign-in': 'login', reset: 'restPassword' } as const

/** A code step begins: its token into the `pending` cookie, then the step's page. */
function startStep(
  c: Context<AppEnv>,
  flow: StepFlow,
  answer: ApiAnswer<unknown>,
  where: { email?: string; next?: string },
  show: (failure: FormFailure) => Promise<Response>,
) {
  const data = v.safeParse(StepStart, answer.body.data)
  if (!data.success) return fail(c, apiFailure(c, signInUnavailable(c)), show)
  savePendingStep(c, newStep(flow, data.output, where))
  const flash = { type: 'success', key: flow === 'reset' ? 'resetCodeSent' : 'codeSent' } as const
  return succeed(c, href(c.var.lang, STEP_PAGE[flow]), flash, answer.body.message)
}

/** The step is gone (expired, used, or never was): start again, with a toast that says so. */
function stepExpired(c: Context<AppEnv>, flow: StepFlow, answer?: ApiAnswer<unknown>) {
  endPendingStep(c)
  const failure: FormFailure = answer
    ? apiFailure(c, answer)
    : { status: 401, message: c.var.i18n._(msg`This step has expired. Please start again.`), errors: {} }
  return restart(c, href(c.var.lang, STEP_START[flow]), { type: 'error', key: 'stepExpired' }, failure)
}

// Sign in: a password, or a code by email (login-2 without a password).

async function loginPage(c: Context<AppEnv>, values: LoginValues, failure?: FormFailure) {
  const captcha = await captchaProps(c, 'login')
  return renderAuthPage(c, msg`Sign in`, <LoginForm values={values} failure={failure} captcha={captcha} socialSignIn={socialSignIn(c)} />, failure?.status)
}

auth.get('/login', guestGuard, (c) => loginPage(c, { identifier: '', next: c.req.query('next') ?? '' }))

auth.post('/login', guestGuard, formLimit, async (c) => {
  const posted = await readTextFields(c, ['identifier', 'password', 'intent', 'next'])
  if (!posted) return fail(c, unreadableForm(c), (failure) => loginPage(c, { identifier: '', next: '' }, failure))
  const { form, values, errors } = posted
  const show = (failure: FormFailure) => loginPage(c, { identifier: values.identifier, next: values.next }, failure)
  const byCode = values.intent === 'code'
  // login-2 without a password sends a code, so an empty password field must not mean that.
  if (!byCode && !values.password) errors.password ??= issueText(c.var.i18n, 'required')
  if (hasErrors(errors)) return fail(c, invalidForm(c, errors), show)
  const identifier = values.identifier.trim()
  const field = identifier.includes('@') ? 'email' : 'mobile'
  const password = byCode ? '' : values.password
  const captcha = captchaValue(form) ?? ''
  const answer = await authCalls.login(c, field === 'email' ? { email: identifier, password, captcha } : { mobile: identifier, password, captcha })
  if (answer.status !== 200) return fail(c, apiFailure(c, answer, { email: 'identifier', mobile: 'identifier' }), show)
  const where = { email: field === 'email' ? identifier : undefined, next: values.next }
  // With a password the answer is a session, or a code step for an account not yet verified.
  const pending = (answer.body.data as { otp_sent?: unknown } | undefined)?.otp_sent === true
  return pending ? startStep(c, 'sign-in', answer, where, show) : startSession(c, answer, values.next, show)
})

// Sign up: the account waits, unverified, for the code mailed to its address.

async function signUpPage(c: Context<AppEnv>, values: SignUpValues, failure?: FormFailure) {
  const captcha = await captchaProps(c, 'signup')
  return renderAuthPage(c, msg`Create an account`, <SignUpForm values={values} failure={failure} captcha={captcha} socialSignIn={socialSignIn(c)} />, failure?.status)
}

const NO_SIGN_UP: SignUpValues = { name: '', email: '', mobile: '', next: '' }

auth.get('/sign-up', guestGuard, (c) => signUpPage(c, { ...NO_SIGN_UP, next: c.req.query('next') ?? '' }))

auth.post('/sign-up', guestGuard, formLimit, async (c) => {
  const posted = await readTextFields(c, ['name', 'email', 'password', 'mobile', 'next'])
  if (!posted) return fail(c, unreadableForm(c), (failure) => signUpPage(c, NO_SIGN_UP, failure))
  const { form, values, errors } = posted
  const show = (failure: FormFailure) => signUpPage(c, { name: values.name, email: values.email, mobile: values.mobile, next: values.next }, failure)
  if (hasErrors(errors)) return fail(c, invalidForm(c, errors), show)
  const { name, email, password, mobile } = values
  const answer = await authCalls.register(c, { name, email, password, mobile, captcha: captchaValue(form) ?? '' })
  if (answer.status !== 200) return fail(c, apiFailure(c, answer), show)
  return startStep(c, 'sign-in', answer, { email: values.email.trim(), next: values.next }, show)
})

// Password reset (spelt "rest-password" in the spec's routes): an address, then the code
// with a new password.

async function resetPage(c: Context<AppEnv>, email: string, failure?: FormFailure) {
  const captcha = await captchaProps(c, 'forgot_password')
  return renderAuthPage(c, msg`Reset your password`, <ResetRequestForm email={email} failure={failure} captcha={captcha} />, failure?.status)
}

auth.get('/rest-password', guestGuard, (c) => resetPage(c, ''))

auth.post('/rest-password', guestGuard, formLimit, async (c) => {
  const posted = await readTextFields(c, ['email'])
  if (!posted) return fail(c, unreadableForm(c), (failure) => resetPage(c, '', failure))
  const { form, values, errors } = posted
  const show = (failure: FormFailure) => resetPage(c, values.email, failure)
  if (hasErrors(errors)) return fail(c, invalidForm(c, errors), show)
  const answer = await authCalls.forgotPassword(c, { email: values.email, captcha: captchaValue(form) ?? '' })
  if (answer.status !== 200) return fail(c, apiFailure(c, answer), show)
  return startStep(c, 'reset', answer, { email: values.email.trim() }, show)
})

// The code steps. Each reads its pending token from the cookie; a visitor without one
// (or with another flow's) starts again.

const STEP_TITLE = { 'sign-in': msg`Check your email`, reset: msg`Choose a new password` }

function stepPage(c: Context<AppEnv>, step: PendingStep, failure?: FormFailure) {
  return renderAuthPage(c, STEP_TITLE[step.flow], <CodeForm step={step} wait={resendWait(step)} failure={failure} />, failure?.status)
}

function currentStep(c: Context<AppEnv>, flow: StepFlow): PendingStep | undefined {
  const step = readPendingStep(c)
  return step?.flow === flow ? step : undefined
}

for (const [flow, path] of [
  ['sign-in', '/login/code'],
  ['reset', '/rest-password/code'],
] as const) {
  auth.get(path, guestGuard, (c) => {
    const step = currentStep(c, flow)
    return step ? stepPage(c, step) : stepExpired(c, flow)
  })

  auth.post(`${path}/resend`, guestGuard, async (c) => {
    const step = currentStep(c, flow)
    if (!step) return stepExpired(c, flow)
    const answer = await authCalls.resendOtp(c, step.token)
    if (answer.status === 401) return stepExpired(c, flow, answer)
    if (answer.status !== 200) return fail(c, apiFailure(c, answer), (failure) => stepPage(c, step, failure))
    const data = v.safeParse(v.object({ resend_after: v.optional(v.number()) }), answer.body.data)
    const resent = codeResent(step, data.success ? data.output.resend_after : undefined)
    savePendingStep(c, resent)
    if (wantsJson(c)) return c.json({ status: 200, message: answer.body.message, resendAfter: resent.resendAfter })
    return redirectWithToast(c, href(c.var.lang, STEP_PAGE[flow]), { type: 'success', key: 'codeResent' }, 303)
  })
}

auth.post('/login/code', guestGuard, formLimit, async (c) => {
  const step = currentStep(c, 'sign-in')
  if (!step) return stepExpired(c, 'sign-in')
  const posted = await readTextFields(c, ['code'])
  const show = (failure: FormFailure) => stepPage(c, step, failure)
  if (!posted) return fail(c, unreadableForm(c), show)
  if (hasErrors(posted.errors)) return fail(c, invalidForm(c, posted.errors), show)
  const answer = await authCalls.checkOtp(c, step.token, posted.values.code)
  if (answer.status === 401) return stepExpired(c, 'sign-in', answer)
  if (answer.status !== 200) return fail(c, apiFailure(c, answer), show)
  return startSession(c, answer, step.next, show)
})

auth.post('/rest-password/code', guestGuard, formLimit, async (c) => {
  const step = currentStep(c, 'reset')
  if (!step) return stepExpired(c, 'reset')
  const posted = await readTextFields(c, ['code', 'password'])
  const show = (failure: FormFailure) => stepPage(c, step, failure)
  if (!posted) return fail(c, unreadableForm(c), show)
  if (hasErrors(posted.errors)) return fail(c, invalidForm(c, posted.errors), show)
  const answer = await authCalls.resetPassword(c, step.token, posted.values)
  if (answer.status === 401) return stepExpired(c, 'reset', answer)
  if (answer.status !== 200) return fail(c, apiFailure(c, answer), show)
  endPendingStep(c)
  return succeed(c, href(c.var.lang, 'login'), { type: 'success', key: 'passwordChanged' }, answer.body.message)
})

// Sign out (spec §4): revoke the session on the server, clear the cookies, then the login
// page (spec §2). A visitor whose session had already ended is signed out all the same.
auth.post('/logout', async (c) => {
  const token = readSessionCookie(c)
  if (token) await authCalls.logout(c, token)
  clearSessionCookie(c)
  endPendingStep(c)
  return succeed(c, href(c.var.lang, 'login'), { type: 'success', key: 'signedOut' }, c.var.i18n._(msg`You have signed out.`))
})
