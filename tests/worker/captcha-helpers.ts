// Captchas for tests of protected forms and calls: a solved ALTCHA payload in milliseconds,
// and the answer to the no-JavaScript question read from a page.
import { env } from 'cloudflare:workers'
import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD } from '../../lib/captcha.ts'
import { type AltchaChallengeOptions, issueAltchaChallenge } from '../../src/captcha/altcha.ts'
import { captchaHmacKey } from '../../src/captcha/settings.ts'

/** The payload the widget would post for `challenge`, solved here. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }))
}

/**
 * A valid `captcha` value for one use. The challenge is signed with the worker's key, as
 * the challenge endpoint's are, but asks for at most 3 derivations instead of hundreds.
 */
export async function solvedCaptcha(options: Partial<AltchaChallengeOptions> = {}): Promise<string> {
  const challenge = await issueAltchaChallenge(captchaHmacKey(env), { counter: { min: 0, max: 2 }, ttlSeconds: 300, ...options })
  return solve(challenge)
}

/** The fields a visitor without JavaScript posts, answering the question on `page` (its HTML). */
export function answeredQuestion(page: string, answer?: string): Record<string, string> {
  const token = /name="captcha_token" value="([^"]+)"/.exec(page)?.[1]
  const sum = /<bdi dir="ltr">(\d) \+ (\d)<\/bdi>/.exec(page)
  if (!token || !sum) throw new Error('No captcha question on this page')
  return { [QUESTION_TOKEN_FIELD]: token, [QUESTION_ANSWER_FIELD]: answer ?? String(Number(sum[1]) + Number(sum[2])) }
}
