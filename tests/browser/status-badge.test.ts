// The live status badge is drawn twice: with React, by the server and the islands
// (client/live/scoreboard.tsx), and with the DOM, by a live page's browser half when the
// match's room announces a change (client/live/draw.ts). A reader must not see it change
// shape at the first update, so for every status, phase and label, in both languages, the
// badge Chromium draws must be the markup the server renders.
import { I18nProvider } from '@lingui/react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { rolldown } from 'rolldown'
import { describe, expect } from 'vitest'
import { statusWords, type StatusWords } from '../../client/live/live-words.ts'
import { type BadgeFields, StatusBadge } from '../../client/live/scoreboard.tsx'
import { MATCH_PHASES, MATCH_STATUSES } from '../../lib/live.ts'
import { LOCALES } from '../../lib/locales.ts'
import { createI18n } from '../../src/i18n/server.ts'
import { it } from './fixtures.ts'

const NOW = Date.parse('2026-11-27T18:00:00Z')
const minutesAgo = (n: number) => new Date(NOW - n * 60_000).toISOString()

const plain: BadgeFields = { status: 'scheduled', minute: null, phase: null, periodStartedAt: null, demo: false, replayOf: null }

/** Every status, as a real fixture, a demo one and a replay; then a live match in each phase, by its clock or by its last minute. */
const CASES: { name: string; match: BadgeFields }[] = [
  ...MATCH_STATUSES.flatMap((status) => [
    { name: status, match: { ...plain, status } },
    { name: `${status}, demo`, match: { ...plain, status, demo: true } },
    { name: `${status}, replay`, match: { ...plain, status, demo: true, replayOf: 7 } },
  ]),
  ...MATCH_PHASES.flatMap((phase) => [
    { name: `live, ${phase}, clock running`, match: { ...plain, status: 'live' as const, phase, periodStartedAt: minutesAgo(47.5), minute: 3 } },
    { name: `live, ${phase}, minute recorded`, match: { ...plain, status: 'live' as const, phase, minute: 63 } },
  ]),
  { name: 'suspended at its minute', match: { ...plain, status: 'suspended', phase: 'second_half', minute: 71 } },
]

/** What the page holds once drawScript has run (typed here: draw.ts belongs to the browser's program, not this one). */
type DrawInPage = { draw: { drawBadge: (match: BadgeFields, now: number, words: StatusWords) => HTMLElement } }

/** draw.ts and what it imports, as one script a blank page can run. */
async function drawScript(): Promise<string> {
  const bundle = await rolldown({ input: new URL('../../client/live/draw.ts', import.meta.url).pathname })
  const { output } = await bundle.generate({ format: 'iife', name: 'draw' })
  await bundle.close()
  return output[0].code
}

describe('the live status badge', () => {
  it('is drawn by the browser as the server renders it, for every status, phase and label', async ({ browser }) => {
    const page = await browser.newPage()
    await page.addScriptTag({ content: await drawScript() })
    for (const lang of LOCALES) {
      const i18n = createI18n(lang)
      const words = statusWords(i18n)
      const cases = CASES.map(({ name, match }) => ({
        name,
        match,
        server: renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(StatusBadge, { match, now: NOW }))),
      }))
      // The server's markup goes through Chromium's parser, so both sides are serialised by the same hands.
      const drawn = await page.evaluate(
        ({ cases, now, words }) => {
          const { drawBadge } = (window as unknown as DrawInPage).draw
          const parse = document.createElement('template')
          return cases.map(({ name, match, server }) => {
            parse.innerHTML = server
            return { name, server: parse.innerHTML, browser: drawBadge(match, now, words).outerHTML }
          })
        },
        { cases, now: NOW, words },
      )
      for (const { name, server, browser } of drawn) expect(browser, `${lang}: ${name}`).toBe(server)
      // Not two empty strings agreeing: the words and the minute are there.
      expect(drawn.find((d) => d.name === 'live, second_half, clock running')!.browser).toMatch(new RegExp(`^<span [^>]+>${words.status.live} <bdi dir="ltr">[\\d+]+′</bdi></span>$`))
      expect(drawn.find((d) => d.name === 'finished, replay')!.browser).toContain(words.replay)
    }
    await page.close()
  })
})
