import { describe, expect, it } from 'vitest'
import { wordDiff } from '../../src/desk/post-diff.ts'

describe('wordDiff', () => {
  it('is empty for the same text', () => {
    expect(wordDiff('نص الخبر', 'نص الخبر')).toEqual([])
  })

  it('says which words went and which came, in order', () => {
    expect(wordDiff('Al Hilal win the derby', 'Al Hilal lose the derby')).toEqual([
      { change: 'same', text: 'Al Hilal ' },
      { change: 'removed', text: 'win' },
      { change: 'added', text: 'lose' },
      { change: 'same', text: ' the derby' },
    ])
    expect(wordDiff('الهلال يفوز', 'الهلال يخسر').filter((part) => part.change !== 'same')).toEqual([
      { change: 'removed', text: 'يفوز' },
      { change: 'added', text: 'يخسر' },
    ])
  })
})
