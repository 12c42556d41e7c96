// The live parts' browser half draws from words the server resolved: the placeholders and
// the wrapped part must come through Lingui intact, and fill them as the server's render does.
import { describe, expect, it } from 'vitest'
import { scoreWords, statusWords, timelineWords } from '../../client/live/live-words.ts'
import { fill, splitAround, unwrap } from '../../client/live/templates.ts'
import { createI18n } from '../../src/i18n/server.ts'

describe('live words', () => {
  it('keeps placeholders and the wrapped part for the browser to fill, in both languages', () => {
    const ar = createI18n('ar')
    expect(scoreWords(ar)).toEqual({ score: 'النتيجة {home} مقابل {away}', pens: 'ترجيح <0>{home}–{away}</0>' })
    expect(statusWords(ar).kickoffIn).toBe('تنطلق المباراة بعد {countdown}')
    expect(statusWords(createI18n('en')).status.finished).toBe('Full time')
    expect(timelineWords(ar).events.own_goal).not.toBe('Own goal')
  })

  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(fill('Score {home} to {away}', { home: 3, away: 0 })).toBe('Score 3 to 0')
    expect(fill('النتيجة {home} مقابل {away}', { home: 1 })).toBe('النتيجة 1 مقابل {away}')
  })

  it('splits a wrapped part from the text around it', () => {
    expect(unwrap('ترجيح <0>{home}–{away}</0>')).toEqual(['ترجيح ', '{home}–{away}', ''])
    expect(unwrap('<0>4–2</0> on pens')).toEqual(['', '4–2', ' on pens'])
    expect(unwrap('no part')).toEqual(['no part', '', ''])
  })

  it('splits a template around a placeholder', () => {
    expect(splitAround('تنطلق المباراة بعد {countdown}', 'countdown')).toEqual(['تنطلق المباراة بعد ', ''])
    expect(splitAround('{countdown} to kick-off', 'countdown')).toEqual(['', ' to kick-off'])
  })
})
