import { describe, expect, it } from 'vitest'
import { isStorableText, unstorableField } from '../../src/validation/storable-text.ts'

describe('isStorableText', () => {
  it('takes any well-formed text without NUL, emoji and Arabic included', () => {
    for (const text of ['', 'plain', 'هدف ⚽', '😀 pair', 'tab\tand\nnewline', '\u0001\u001f', '\ufffd']) expect(isStorableText(text), text).toBe(true)
  })

  it('refuses a NUL and a lone surrogate of either half, anywhere', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '😀'.slice(0, 1), '\udc00\ud800', 'ok 😀 \udfff']) expect(isStorableText(text), JSON.stringify(text)).toBe(false)
  })
})

describe('unstorableField', () => {
  it('finds nothing in storable input of any shape', () => {
    expect(unstorableField({ title: { en: 'A', ar: 'ب' }, tags: [{ id: 1 }, null, true], n: 1.5 })).toBeUndefined()
    expect(unstorableField('text')).toBeUndefined()
    expect(unstorableField(null)).toBeUndefined()
  })

  it('names a nested field as a validation issue does, the first in the order sent', () => {
    expect(unstorableField({ title: { en: 'ok' }, summary: { en: 'a\u0000b' }, body: { ar: '\ud800' } })).toBe('summary.en')
    expect(unstorableField({ tags: [{ id: '1' }, { id: '\ud800' }] })).toBe('tags.1.id')
    expect(unstorableField({ q: ['ok', '\u0000'] })).toBe('q.1')
  })

  it('names a key that cannot be stored, with U+FFFD for what cannot be shown', () => {
    expect(unstorableField({ alt: { '\ud800': 'x' } })).toBe('alt.\ufffd')
    expect(unstorableField({ 'a\u0000b': 1 })).toBe('a\ufffdb')
  })

  it('calls a bare string the body', () => {
    expect(unstorableField('\u0000')).toBe('body')
  })

  it('passes over files and other objects, which are not text', () => {
    expect(unstorableField({ file: new File(['\u0000'], '\u0000.png'), when: new Date(0) })).toBeUndefined()
  })

  it('walks deeper nesting than a call stack holds', () => {
    let deep: unknown = '\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(unstorableField(deep)).toBe(Array(100_000).fill('0').join('.'))
  })
})
