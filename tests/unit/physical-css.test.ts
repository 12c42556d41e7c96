import { describe, expect, it } from 'vitest'
import { physicalStyles } from '../../scripts/lib/physical-css.ts'

describe('physicalStyles', () => {
  it.each([
    'margin-left: 1rem;',
    '  padding-right: 0;',
    'border-left: 1px solid;',
    '.x { left: 0 }',
    'text-align: right;',
    'float: left;',
    'border-top-left-radius: 4px;',
    '<div style={{ marginLeft: 8 }} />',
    "<p style={{ textAlign: 'left' }} />",
  ])('flags %j', (line) => {
    expect(physicalStyles(line)).toHaveLength(1)
  })

  it.each([
    'margin-inline-start: 1rem;',
    'inset-inline-end: 0;',
    'text-align: start;',
    "position: 'top-left',",
    "swipeDirections={['left', 'top']}",
    '/* never margin-left here */',
    'border-block-end: 1px solid;',
  ])('accepts %j', (line) => {
    expect(physicalStyles(line)).toEqual([])
  })
})
