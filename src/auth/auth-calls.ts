// The sign-in API's calls, one function each, as the auth routes and the current-user
// lookup make them (docs/auth-api.md). Every captcha-protected call takes the form's
// `captcha` string as it came.
import type { Context } from 'hono'
import type { AppEnv } from '../types.ts'
import type { ApiAnswer } from '../http/api-client.ts'
import { callAuthApi } from './sign-in-api.ts'

type Call = Promise<ApiAnswer<unknown>>

export const authCalls = {
  register: (c: Context<AppEnv>, body: { name: string; email: string; password: string; mobile: string; captcha: string }): Call =>
    callAuthApi(c, { method: 'POST', path: 'authentication/register', body }),
  /** With a password, a session (or a code step for an unverified account); without one, a code step. */
  login: (c: Context<AppEnv>, body: ({ email: string } | { mobile: string }) & { password: string; captcha: string }): Call =>
    callAuthApi(c, { method: 'POST', path: 'authentication/login-2', body }),
  checkOtp: (c: Context<AppEnv>, pending: string, code: string): Call =>
    callAuthApi(c, { method: 'POST', path: 'authentication/check-otp', bearer: pending, body: { code } }),
  resendOtp: (c: Context<AppEnv>, pending: string): Call => callAuthApi(c, { method: 'POST', path: 'authentication/resend-otp', bearer: pending }),
  forgotPassword: (c: Context<AppEnv>, body: { email: string; captcha: string }): Call =>
    callAuthApi(c, { method: 'POST', path: 'authentication/forgot-password', body }),
  resetPassword: (c: Context<AppEnv>, pending: string, body: { code: string; password: string }): Call =>
    callAuthApi(c, { method: 'POST', path: 'authentication/reset-password', bearer: pending, body }),
  me: (c: Context<AppEnv>, session: string): Call => callAuthApi(c, { method: 'GET', path: 'authentication/me', bearer: session }),
  logout: (c: Context<AppEnv>, session: string): Call => callAuthApi(c, { method: 'POST', path: 'authentication/logout', bearer: session }),
}
