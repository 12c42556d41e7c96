import { describe, expect, it } from 'vitest'
import { untranslated } from '../../scripts/lib/po.ts'

describe('untranslated', () => {
  it('lists the messages whose translation is empty, and skips the header', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: ar\\n"',
      '',
      '#: src/a.tsx:1',
      'msgid "Home"',
      'msgstr "الرئيسية"',
      '',
      'msgid "Search"',
      'msgstr ""',
      '',
      'msgid ""',
      '"A long message "',
      '"on two lines"',
      'msgstr ""',
    ].join('\n')
    expect(untranslated(po)).toEqual(['Search', 'A long message on two lines'])
  })

  it('counts a translation split over several lines as present', () => {
    expect(untranslated('msgid "Hi"\nmsgstr ""\n"مرحبا"\n')).toEqual([])
  })
})
