import { describe, expect, it } from 'vitest'
import {
  OTP_COMPLETE_EVENT,
  OTP_INPUT_DEFAULT_LENGTH,
  acceptsChar,
  applyInput,
  applyKey,
  emptyValues,
  focusAfterFill,
  isComplete,
  joinCode,
  nextFocus,
  normalizeChar,
  otpLabelId,
  otpLength,
  sanitizePaste,
} from '../../lib/otp.ts'

describe('settings', () => {
  it('defaults to 4 boxes (spec §5, §9)', () => {
    expect(OTP_INPUT_DEFAULT_LENGTH).toBe(4)
    expect(otpLength(undefined)).toBe(4)
  })

  it('takes any positive whole number of boxes and falls back on nonsense', () => {
    expect(otpLength(6)).toBe(6)
    expect(otpLength(1)).toBe(1)
    for (const bad of [0, -3, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(otpLength(bad)).toBe(4)
  })

  it('names the complete event', () => {
    expect(OTP_COMPLETE_EVENT).toBe('otp-complete')
  })

  it('starts with empty boxes', () => {
    expect(emptyValues(4)).toEqual(['', '', '', ''])
  })
})

describe('acceptsChar', () => {
  it.each(['0', '5', '9'])('numeric mode takes the digit %j', (char) => {
    expect(acceptsChar(char, 'numeric')).toBe(true)
    expect(acceptsChar(char)).toBe(true)
  })

  it.each(['a', 'Z', '_', ' ', '-', '+', '.', '²', 'e', '', '12'])('numeric mode refuses %j', (char) => {
    expect(acceptsChar(char, 'numeric')).toBe(false)
  })

  it.each(['a', 'Z', '0', '9', '_'])('letter-numeric mode takes the word character %j', (char) => {
    expect(acceptsChar(char, 'alphanumeric')).toBe(true)
  })

  it.each([' ', '-', '.', '@', 'é', 'ب', '', 'ab', '\n'])('letter-numeric mode refuses %j', (char) => {
    expect(acceptsChar(char, 'alphanumeric')).toBe(false)
  })

  it('takes Arabic-Indic and Eastern Arabic-Indic digits in both modes, as Latin digits', () => {
    expect(acceptsChar('٣', 'numeric')).toBe(true)
    expect(acceptsChar('۷', 'numeric')).toBe(true)
    expect(acceptsChar('٠', 'alphanumeric')).toBe(true)
    expect(normalizeChar('٠')).toBe('0')
    expect(normalizeChar('٩')).toBe('9')
    expect(normalizeChar('۴')).toBe('4')
    expect(normalizeChar('a')).toBe('a')
  })
})

describe('sanitizePaste', () => {
  it('fills from the first box', () => {
    expect(sanitizePaste('1234', 4, 'numeric')).toEqual(['1', '2', '3', '4'])
  })

  it('truncates a longer paste to the number of boxes', () => {
    expect(sanitizePaste('123456', 4, 'numeric')).toEqual(['1', '2', '3', '4'])
  })

  it('leaves the boxes past a shorter paste empty', () => {
    expect(sanitizePaste('12', 4, 'numeric')).toEqual(['1', '2', '', ''])
  })

  it.each(['12a4', '12 34', ' 1234', '1234\n', '12-34', '١٢x٤'])('ignores %j in numeric mode: not all digits', (text) => {
    expect(sanitizePaste(text, 4, 'numeric')).toBeNull()
  })

  it('ignores an invalid character even beyond the boxes it would fill', () => {
    expect(sanitizePaste('1234x', 4, 'numeric')).toBeNull()
  })

  it('ignores an empty paste', () => {
    expect(sanitizePaste('', 4, 'numeric')).toBeNull()
  })

  it('takes word characters in letter-numeric mode', () => {
    expect(sanitizePaste('aB_9', 4, 'alphanumeric')).toEqual(['a', 'B', '_', '9'])
    expect(sanitizePaste('ab-9', 4, 'alphanumeric')).toBeNull()
    expect(sanitizePaste('ab 9', 4, 'alphanumeric')).toBeNull()
  })

  it('defaults to numeric mode', () => {
    expect(sanitizePaste('abcd', 4)).toBeNull()
    expect(sanitizePaste('4321', 4)).toEqual(['4', '3', '2', '1'])
  })

  it('turns Arabic-Indic digits into Latin ones', () => {
    expect(sanitizePaste('١٢٣٤', 4, 'numeric')).toEqual(['1', '2', '3', '4'])
  })

  it('honours a non-default length', () => {
    expect(sanitizePaste('123456', 6, 'numeric')).toEqual(['1', '2', '3', '4', '5', '6'])
  })
})

describe('nextFocus', () => {
  it('Backspace and ArrowLeft go to the previous box (left is previous, even in Arabic)', () => {
    expect(nextFocus(2, 'Backspace', 4)).toBe(1)
    expect(nextFocus(2, 'ArrowLeft', 4)).toBe(1)
  })

  it('stays on the first box going back from it', () => {
    expect(nextFocus(0, 'Backspace', 4)).toBe(0)
    expect(nextFocus(0, 'ArrowLeft', 4)).toBe(0)
  })

  it('ArrowRight goes to the next box and stays on the last', () => {
    expect(nextFocus(1, 'ArrowRight', 4)).toBe(2)
    expect(nextFocus(3, 'ArrowRight', 4)).toBe(3)
  })

  it('Home and End go to the first and last boxes', () => {
    expect(nextFocus(2, 'Home', 4)).toBe(0)
    expect(nextFocus(1, 'End', 4)).toBe(3)
    expect(nextFocus(1, 'End', 6)).toBe(5)
  })

  it('Delete stays on the box', () => {
    expect(nextFocus(2, 'Delete', 4)).toBe(2)
  })

  it.each(['Tab', 'Enter', 'a', '5', 'ArrowUp', 'Escape'])('leaves %j to the browser', (key) => {
    expect(nextFocus(1, key, 4)).toBeNull()
  })
})

describe('applyKey', () => {
  it('Backspace clears a filled box and moves back', () => {
    expect(applyKey(['1', '2', '3', '4'], 3, 'Backspace')).toEqual({ values: ['1', '2', '3', ''], focus: 2 })
  })

  it('Backspace in an empty box clears the previous one and moves to it', () => {
    expect(applyKey(['1', '2', '', ''], 2, 'Backspace')).toEqual({ values: ['1', '', '', ''], focus: 1 })
  })

  it('Backspace in the first box clears it and stays', () => {
    expect(applyKey(['1', '', '', ''], 0, 'Backspace')).toEqual({ values: ['', '', '', ''], focus: 0 })
    expect(applyKey(['', '', '', ''], 0, 'Backspace')).toEqual({ values: ['', '', '', ''], focus: 0 })
  })

  it('Delete clears the current box only and stays', () => {
    expect(applyKey(['1', '2', '3', '4'], 1, 'Delete')).toEqual({ values: ['1', '', '3', '4'], focus: 1 })
  })

  it('arrows, Home and End move without changing the boxes', () => {
    const values = ['1', '2', '3', '4']
    expect(applyKey(values, 1, 'ArrowLeft')).toEqual({ values, focus: 0 })
    expect(applyKey(values, 1, 'ArrowRight')).toEqual({ values, focus: 2 })
    expect(applyKey(values, 2, 'Home')).toEqual({ values, focus: 0 })
    expect(applyKey(values, 0, 'End')).toEqual({ values, focus: 3 })
  })

  it('leaves Tab and Enter alone', () => {
    expect(applyKey(['1', '', '', ''], 0, 'Tab')).toBeNull()
    expect(applyKey(['1', '', '', ''], 0, 'Enter')).toBeNull()
  })

  it('does not change the array it is given', () => {
    const values = ['1', '2', '3', '4']
    applyKey(values, 3, 'Backspace')
    expect(values).toEqual(['1', '2', '3', '4'])
  })
})

describe('applyInput', () => {
  it('puts one accepted character in the box and moves to the next', () => {
    expect(applyInput(['', '', '', ''], 0, '7', 'numeric')).toEqual({ values: ['7', '', '', ''], focus: 1 })
  })

  it('replaces the character a box held (one character per box)', () => {
    expect(applyInput(['1', '2', '', ''], 1, '9', 'numeric')).toEqual({ values: ['1', '9', '', ''], focus: 2 })
  })

  it('keeps the focus on the last box', () => {
    expect(applyInput(['1', '2', '3', ''], 3, '4', 'numeric')).toEqual({ values: ['1', '2', '3', '4'], focus: 3 })
  })

  it('refuses a character the mode does not take', () => {
    expect(applyInput(['', '', '', ''], 0, 'a', 'numeric')).toBeNull()
    expect(applyInput(['', '', '', ''], 0, '-', 'alphanumeric')).toBeNull()
    expect(applyInput(['', '', '', ''], 0, 'a', 'alphanumeric')).toEqual({ values: ['a', '', '', ''], focus: 1 })
  })

  it('stores an Arabic-Indic digit as a Latin one', () => {
    expect(applyInput(['', '', '', ''], 0, '٥', 'numeric')).toEqual({ values: ['5', '', '', ''], focus: 1 })
  })

  it('clears the box when its text is emptied', () => {
    expect(applyInput(['1', '2', '', ''], 1, '', 'numeric')).toEqual({ values: ['1', '', '', ''], focus: 1 })
  })

  it('treats several characters at once (autofill) as a paste, from the first box', () => {
    expect(applyInput(['', '', '', ''], 2, '1234', 'numeric')).toEqual({ values: ['1', '2', '3', '4'], focus: 3 })
    expect(applyInput(['', '', '', ''], 0, '12', 'numeric')).toEqual({ values: ['1', '2', '', ''], focus: 2 })
    expect(applyInput(['9', '', '', ''], 0, '12x4', 'numeric')).toBeNull()
  })
})

describe('focusAfterFill', () => {
  it('is the first empty box, or the last box when all are filled', () => {
    expect(focusAfterFill(['1', '2', '', ''])).toBe(2)
    expect(focusAfterFill(['1', '2', '3', '4'])).toBe(3)
  })
})

describe('isComplete and joinCode', () => {
  it('is complete only when every box holds one character', () => {
    expect(isComplete(['1', '2', '3', '4'])).toBe(true)
    expect(isComplete(['1', '2', '', '4'])).toBe(false)
    expect(isComplete(['', '', '', ''])).toBe(false)
    expect(isComplete(['1', '2', '34', '5'])).toBe(false)
    expect(isComplete([])).toBe(false)
  })

  it('joins the boxes left to right', () => {
    expect(joinCode(['1', '2', '3', '4'])).toBe('1234')
    expect(joinCode(['a', 'B', '_', '9'])).toBe('aB_9')
    expect(joinCode(['1', '', '3', ''])).toBe('13')
  })
})

describe('otpLabelId', () => {
  it('derives the label id from the field name, so server and browser agree', () => {
    expect(otpLabelId('code')).toBe('code-otp-label')
  })
})
