import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { generateCode, otpLength } from '../../src/auth/challenges.ts'
import { isCommonPassword } from '../../src/auth/common-passwords.ts'
import { FREE_FAILURES, MAX_WAIT_SECONDS, throttleWait } from '../../src/auth/throttle.ts'
import { Email, fieldErrors, Mobile, newPassword, normalizeMobile, OtpCode } from '../../src/validation/fields.ts'

const env = (OTP_LENGTH: string) => ({ OTP_LENGTH }) as Env

describe('one-time codes', () => {
  it('are 6 digits unless OTP_LENGTH asks for 6 to 9', () => {
    expect(otpLength(env('6'))).toBe(6)
    expect(otpLength(env('8'))).toBe(8)
    for (const weak of ['4', '5', '10', 'six', '', '6.5']) expect(otpLength(env(weak)), weak).toBe(6)
  })

  it('are made of exactly the asked number of digits, leading zeros kept', () => {
    for (let i = 0; i < 2000; i++) expect(generateCode(6)).toMatch(/^[0-9]{6}$/)
    expect(generateCode(9)).toMatch(/^[0-9]{9}$/)
  })

  it('use every digit in every position about equally often', () => {
    const counts = Array.from({ length: 10 }, () => 0)
    const draws = 20_000
    for (let i = 0; i < draws; i++) counts[Number(generateCode(6)[0])]! += 1
    for (const count of counts) expect(Math.abs(count - draws / 10)).toBeLessThan(draws / 10 / 5)
  })

  it('accept Arabic-Indic digits and surrounding spaces, and nothing else', () => {
    const schema = OtpCode(6)
    expect(v.parse(schema, ' ١٢٣٤٥٦ ')).toBe('123456')
    expect(v.parse(schema, '۰۱۲۳۴۵')).toBe('012345')
    for (const bad of ['12345', '1234567', '12a456', '12 456', '', '１２３４５６']) expect(v.safeParse(schema, bad).success, bad).toBe(false)
  })
})

describe('per-account throttling', () => {
  it('lets 8 failures through, then waits 1, 2, 4 … seconds, never more than 15 minutes', () => {
    for (let n = 0; n <= FREE_FAILURES; n++) expect(throttleWait(n)).toBe(0)
    expect([9, 10, 11, 12].map(throttleWait)).toEqual([1, 2, 4, 8])
    expect(throttleWait(40)).toBe(MAX_WAIT_SECONDS)
  })

  it('allows far fewer than 100 failures in an hour (ASVS 4.0.3)', () => {
    let clock = 0
    let failures = 0
    while (clock < 3600) {
      failures += 1
      clock += throttleWait(failures) || 1
    }
    expect(failures).toBeLessThan(30)
  })
})

describe('passwords', () => {
  const Password = newPassword(isCommonPassword)
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

  it('refuses the most common passwords whatever their case', () => {
    for (const common of ['password', 'Password1', 'qwertyuiop', 'iloveyou', '12345678']) expect(isCommonPassword(common), common).toBe(true)
    expect(isCommonPassword('correct horse battery staple')).toBe(false)
  })

  it('takes 8 to 128 characters of any kind, counted in code points as NIST SP 800-63B counts them', () => {
    expect(v.safeParse(Password, 'كلمة سر طويلة').success).toBe(true)
    expect(v.safeParse(Password, '⚽️⚽️⚽️⚽️').success).toBe(true)
    expect(v.safeParse(Password, '⚽⚽⚽⚽⚽⚽⚽').success).toBe(false)
    expect(v.safeParse(Password, 'x'.repeat(128) + 'y').success).toBe(false)
    expect(v.safeParse(Password, '  spaces count  ').success).toBe(true)
  })

  it('says what is wrong with each field', () => {
    const result = v.safeParse(v.object({ password: Password, email: Email }), { password: 'password', email: 'nope' })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(fieldErrors(i18n, result.issues)).toEqual({
        password: 'This password is too common. Please choose one that is harder to guess.',
        email: 'Please enter an email address such as name@example.com.',
      })
    }
  })
})

describe('mobile numbers', () => {
  it('normalise what people type into E.164', () => {
    expect(normalizeMobile('+966 50-123 4567')).toBe('+966501234567')
    expect(normalizeMobile('00201001234567')).toBe('+201001234567')
    expect(normalizeMobile('+٩٦٦٥٠١٢٣٤٥٦٧')).toBe('+966501234567')
    expect(v.parse(Mobile, '(+44) 7700.900123')).toBe('+447700900123')
  })

  it('refuse numbers without a country code or too long', () => {
    for (const bad of ['0501234567', '+0123456789', '+1234', '+1234567890123456', 'call me']) expect(v.safeParse(Mobile, bad).success, bad).toBe(false)
  })
})
