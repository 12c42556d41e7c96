// ALTCHA, the default captcha: the browser proves a little work (PBKDF2 through Web Crypto)
// on a challenge the worker signed, and the worker checks the proof with one HMAC. altcha-lib
// does both halves with Web Crypto only, so it runs in workerd (docs/decisions/).
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import * as v from 'valibot'
import { ALTCHA_ALGORITHM } from '../../lib/captcha.ts'
import { hmacHex } from './hmac.ts'

export interface AltchaChallengeOptions {
  /** The solver tries counters from 0 up to a secret one drawn from this range. */
  counter: { min: number; max: number }
  /** How long a challenge, and so its solution, stays valid. */
  ttlSeconds: number
}

/** SHA-256 iterations in one PBKDF2 derivation. */
export const ALTCHA_COST = 2000

/**
 * The work asked of a browser: on average 500 derivations of 2,000 iterations (1 million
 * SHA-256 iterations; 1.5 million at most). Chromium on a server core does one derivation
 * in 0.45 ms, so 0.25 s on one core; a mid-range phone, about four times slower per core
 * but solving in several workers, stays near half a second (docs/decisions/).
 */
export const ALTCHA_CHALLENGE: AltchaChallengeOptions = {
  counter: { min: 250, max: 750 },
  // Solved when the form is submitted (client/islands/captcha.tsx), so minutes are plenty.
  ttlSeconds: 5 * 60,
}

/** The two secrets altcha-lib signs with, derived from the one captcha key. */
async function altchaSecrets(key: string) {
  return {
    hmacSignatureSecret: await hmacHex(key, 'altcha-challenge'),
    hmacKeySignatureSecret: await hmacHex(key, 'altcha-derived-key'),
  }
}

/**
 * A signed challenge with its expiry inside the signed parameters. Deterministic mode: the
 * worker derives the key for its secret counter once and signs that key, so checking a
 * solution later costs one HMAC instead of a derivation.
 */
export async function issueAltchaChallenge(key: string, options: AltchaChallengeOptions = ALTCHA_CHALLENGE): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(options.counter.max, options.counter.min),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + options.ttlSeconds,
    ...(await altchaSecrets(key)),
  })
}

// What the widget posts, base64 of JSON. Only the shape is checked here; every value that
// matters is covered by the challenge's signature. The parameters stay a loose object
// because the signature is over all of them, whatever they are.
const PayloadSchema = v.object({
  challenge: v.object({
    parameters: v.looseObject({
      algorithm: v.string(),
      nonce: v.string(),
      salt: v.string(),
      cost: v.number(),
      keyLength: v.number(),
      keyPrefix: v.string(),
      keySignature: v.string(),
      expiresAt: v.number(),
    }),
    signature: v.string(),
  }),
  solution: v.object({ counter: v.number(), derivedKey: v.string() }),
})

function decodePayload(value: string) {
  try {
    return v.parse(PayloadSchema, JSON.parse(atob(value)))
  } catch {
    return undefined
  }
}

export interface VerifiedSolution {
  /** What makes the solution single-use: spent in captcha_solutions (src/db/captcha-solutions.ts). */
  signature: string
  /** Unix seconds after which the solution is worthless anyway. */
  expiresAt: number
}

/** A payload whose challenge we signed, has not expired, and is solved; undefined otherwise. */
export async function verifyAltchaPayload(key: string, value: string): Promise<VerifiedSolution | undefined> {
  const payload = decodePayload(value)
  if (!payload) return undefined
  const { challenge, solution } = payload
  // Parameters of the wrong type can make altcha-lib throw instead of answering false.
  const result = await verifySolution({ challenge, solution, deriveKey, ...(await altchaSecrets(key)) }).catch(() => undefined)
  if (!result?.verified) return undefined
  return { signature: `altcha:${challenge.signature}`, expiresAt: challenge.parameters.expiresAt }
}
