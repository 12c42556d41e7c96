// ALTCHA challenges for the widget (client/captcha/altcha.ts). The one answer outside the
// spec's envelope: the widget reads a bare challenge, { parameters, signature }.
import { Hono } from 'hono'
import { issueAltchaChallenge } from '../captcha/altcha.ts'
import { captchaHmacKey, requireCaptchaProvider } from '../captcha/settings.ts'
import type { AppEnv } from '../types.ts'

export const captcha = new Hono<AppEnv>()

captcha.get('/challenge', async (c) => {
  // Another provider would never accept the solution; better to say so than to set work.
  if (requireCaptchaProvider(c.env) !== 'altcha') return c.notFound()
  const challenge = await issueAltchaChallenge(captchaHmacKey(c.env))
  // Each challenge is for one visitor, once.
  c.header('Cache-Control', 'no-store')
  return c.json(challenge)
})
