// Time tells the truth (issue 34, section 2): a match still "scheduled" more than three hours
// after its kick-off reads "Result awaited" wherever it is shown (a list, its page, its JSON-LD,
// a calendar feed), and subscribes to no room; one within the three hours is still to be followed.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '../../lib/format.ts'
import type { DeskMatches } from '../../src/db/desk-matches.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, sql, unseenPath } from './helpers.ts'
import { deskVisitor, pageText } from './visitor.ts'

const HOUR = 60 * 60 * 1000

interface League {
  competition: string
  /** In both clubs' names: the desk's search finds this league's matches alone by it. */
  tag: string
  home: number
  /** Kicked off four hours ago, two hours ago, and four hours ago but finished. */
  matches: { awaited: number; recent: number; finished: number }
  /** The day of the two that kicked off four hours ago, in the zone the matches page reads days in. */
  day: string
}

/** A league of the test's own: two clubs and three matches around the three-hour mark. */
async function ownLeague(): Promise<League> {
  // A letter first: an all-digit tag searched on the desk's matches screen reads as a match id.
  const tag = `t${crypto.randomUUID().slice(0, 7)}`
  const competition = `await.${tag}`
  await sql()`insert into competitions (id, kind, name, short_name)
    values (${competition}, 'league', ${sql().json({ en: `Awaited League ${tag}`, ar: `دوري الانتظار ${tag}` })}, ${sql().json({ en: tag })})`
  const [season] = await sql()<{ id: number }[]>`insert into seasons (competition_id, label) values (${competition}, '2026/27') returning id::int`
  const club = async (en: string, ar: string) => {
    const [row] = await sql()<{ id: number }[]>`insert into clubs (name, short_name, source_key)
      values (${sql().json({ en, ar })}, ${sql().json({ en, ar })}, ${`test:awaited:${tag}:${en}`}) returning id::int`
    return row!.id
  }
  const home = await club(`Canal Club ${tag}`, `نادي القناة ${tag}`)
  const away = await club(`Oasis Club ${tag}`, `نادي الواحة ${tag}`)
  const base = Date.now()
  const match = async (hoursAgo: number, status: string, name: string) => {
    const kickoff = new Date(base - hoursAgo * HOUR).toISOString()
    const [row] = await sql()<{ id: number }[]>`
      insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, source_key)
      values (${season!.id}, 'Matchday 1', ${kickoff}::timestamptz, ${home}, ${away}, ${status},
        ${status === 'finished' ? 2 : null}, ${status === 'finished' ? 1 : null}, ${`test:awaited:${tag}:${name}`})
      returning id::int`
    return row!.id
  }
  return {
    competition,
    tag,
    home,
    matches: { awaited: await match(4, 'scheduled', 'awaited'), recent: await match(2, 'scheduled', 'recent'), finished: await match(4, 'finished', 'finished') },
    day: new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(base - 4 * HOUR),
  }
}

async function body(path: string): Promise<string> {
  const res = await fetchPage(unseenPath(path))
  expect(res.status, path).toBe(200)
  return res.text()
}

/** The status badge of the page's first match row or scoreboard: its class and its words. */
function badge(html: string): { status: string; text: string } {
  const found = /<span class="status-badge status-([a-z_]+)">([^<]*)/.exec(html)
  expect(found, 'a status badge').not.toBeNull()
  return { status: found![1]!, text: found![2]! }
}

const WORDS = { en: 'Result awaited', ar: 'بانتظار النتيجة' } as const

describe('a match without a result three hours after its kick-off', () => {
  it.each(['en', 'ar'] as const)('reads "Result awaited" on its page, with no live part, in %s', async (lang) => {
    const { matches } = await ownLeague()
    const page = await body(`/${lang}/matches/${matches.awaited}`)
    expect(badge(page)).toEqual({ status: 'result_awaited', text: WORDS[lang] })
    // Nothing more will come from its room: no island subscribes to it.
    expect(page).not.toContain('data-island="match-status"')
    const [event] = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { '@type': string; description?: string; eventStatus?: string })
      .filter((item) => item['@type'] === 'SportsEvent')
    expect(event!.description).toContain(WORDS[lang])
    expect(event!.eventStatus).toBe('https://schema.org/EventScheduled')
  })

  it('is still followed live within the three hours, and a finished one says so', async () => {
    const { matches } = await ownLeague()
    const recent = await body(`/en/matches/${matches.recent}`)
    expect(badge(recent)).toEqual({ status: 'scheduled', text: 'Scheduled' })
    expect(recent).toContain('data-island="match-status"')
    const finished = await body(`/en/matches/${matches.finished}`)
    expect(badge(finished)).toEqual({ status: 'finished', text: 'Full time' })
  })

  it.each(['en', 'ar'] as const)('reads "Result awaited" in the day’s list of matches, in %s', async (lang) => {
    const { competition, matches, day } = await ownLeague()
    const list = await body(`/${lang}/matches?date=${day}&competition=${competition}`)
    const row = (id: number) => new RegExp(`href="/${lang}/matches/${id}"[\\s\\S]*?</a>\\s*(<span class="status-badge[^>]*>[^<]*)`).exec(list)?.[1]
    expect(row(matches.awaited)).toBe(`<span class="status-badge status-result_awaited">${WORDS[lang]}`)
    expect(row(matches.finished)).toMatch(/status-finished/)
  })

  it('says "Result awaited" in its calendar event, as ical.js reads it', async () => {
    const { home, matches } = await ownLeague()
    const res = await fetchPage(`/en/club/${home}/calendar.ics`)
    expect(res.status).toBe(200)
    const calendar = new ICAL.Component(ICAL.parse(await res.text()))
    const description = (id: number) =>
      String(calendar.getAllSubcomponents('vevent').find((event) => new ICAL.Event(event).uid === `match-${id}@localhost`)?.getFirstPropertyValue('description'))
    expect(description(matches.awaited)).toContain(WORDS.en)
    expect(description(matches.recent)).not.toContain(WORDS.en)
  })
})

describe('the desk’s matches that need a result', () => {
  it('lists them by competition, oldest first, with the ones within three hours still to come', async () => {
    const { competition, tag, matches } = await ownLeague()
    const { user } = await deskVisitor('editor')
    const { status, body } = await callApi<DeskMatches>(`desk/matches?needs=result&q=${tag}`, { bearer: user.token })
    expect(status).toBe(200)
    expect(body.data!.needsResult).toEqual([{ competition: { id: competition, name: expect.objectContaining({ en: expect.stringContaining(tag) }) }, count: 1, matches: [expect.objectContaining({ id: matches.awaited })] }])
    // Only that list: nothing to run live, to come or just over.
    expect([body.data!.live, body.data!.upcoming, body.data!.recent]).toEqual([[], [], []])
    const whole = (await callApi<DeskMatches>(`desk/matches?q=${tag}`, { bearer: user.token })).body.data!
    expect(whole.upcoming.map((match) => match.id)).toEqual([matches.recent])
    expect(whole.recent.map((match) => match.id)).toEqual([matches.finished])
    expect(whole.needsResult[0]!.matches.map((match) => match.id)).toEqual([matches.awaited])
  })

  it('refuses another `needs` with a 422 in the caller’s language, and readers and contributors with a 403', async () => {
    const { user: editor } = await deskVisitor('editor')
    for (const [lang, words] of [['en', 'Please correct the fields marked.'], ['ar', 'يرجى تصحيح الحقول المشار إليها.']] as const) {
      const refused = await callApi(`desk/matches?needs=everything`, { bearer: editor.token, lang })
      expect(refused.status).toBe(422)
      expect(refused.body.message).toBe(words)
    }
    for (const role of ['reader', 'contributor'] as const) {
      const { user } = await deskVisitor(role)
      expect((await callApi('desk/matches?needs=result', { bearer: user.token })).status).toBe(403)
    }
  })

  it.each(['en', 'ar'] as const)('has a screen of its own in %s, each match opening its console', async (lang) => {
    const { tag, matches } = await ownLeague()
    const { visitor } = await deskVisitor('editor')
    const screen = await pageText(visitor, `/${lang}/desk/matches?needs=result&q=${tag}`)
    expect(screen).toContain(lang === 'en' ? 'Results awaited' : 'نتائج منتظرة')
    expect(screen).toContain(`href="/${lang}/desk/matches/${matches.awaited}"`)
    expect(screen).not.toContain(`href="/${lang}/desk/matches/${matches.recent}"`)
    // The whole desk links to it, and lists the recent match among those to come.
    const desk = await pageText(visitor, `/${lang}/desk/matches?q=${tag}`)
    expect(desk).toContain(`href="/${lang}/desk/matches?needs=result"`)
    expect(desk).toContain(`href="/${lang}/desk/matches/${matches.recent}"`)
  })
})

describe('a season that is over', () => {
  /** A league of the test's own with a finished 2025/26 and a 2026/27 of fixtures alone. */
  async function twoSeasons(awaitedIn2025 = false) {
    const tag = crypto.randomUUID().slice(0, 8)
    const competition = `over.${tag}`
    await sql()`insert into competitions (id, kind, name, short_name)
      values (${competition}, 'league', ${sql().json({ en: `Over League ${tag}`, ar: `دوري منتهٍ ${tag}` })}, ${sql().json({ en: tag })})`
    const seasons = await sql()<{ id: number }[]>`insert into seasons (competition_id, label) values (${competition}, '2025/26'), (${competition}, '2026/27') returning id::int`
    const clubs = await sql()<{ id: number }[]>`insert into clubs (name, short_name, source_key)
      values (${sql().json({ en: `North ${tag}` })}, ${sql().json({ en: `N ${tag}` })}, ${`test:over:${tag}:n`}), (${sql().json({ en: `South ${tag}` })}, ${sql().json({ en: `S ${tag}` })}, ${`test:over:${tag}:s`})
      returning id::int`
    const [home, away] = clubs.map((club) => club.id) as [number, number]
    await sql()`insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, source_key) values
      (${seasons[0]!.id}, 'Matchday 1', now() - interval '200 days', ${home}, ${away}, 'finished', 1, 0, ${`test:over:${tag}:1`}),
      (${seasons[0]!.id}, 'Matchday 2', now() - interval '190 days', ${away}, ${home}, ${awaitedIn2025 ? 'scheduled' : 'finished'}, ${awaitedIn2025 ? null : 2}, ${awaitedIn2025 ? null : 2}, ${`test:over:${tag}:2`}),
      (${seasons[1]!.id}, 'Matchday 1', now() + interval '5 days', ${home}, ${away}, 'scheduled', null, null, ${`test:over:${tag}:3`})`
    return competition
  }

  it.each([
    ['en', 'Standings 2025/26 · final', 'is the current season'],
    ['ar', 'الترتيب 2025/26 · انتهى', 'الموسم الحالي هو'],
  ] as const)('is named final, and the newer season is said to be the current one, in %s', async (lang, caption, note) => {
    const competition = await twoSeasons()
    const page = (await body(`/${lang}/leagues/${competition}`)).replaceAll('<!-- -->', '')
    expect(page).toContain(`<caption>${caption}</caption>`)
    expect(page).toContain(note)
    expect(page).toContain(`href="/${lang}/leagues/${competition}?season=2026-27"`)
    expect(page).toMatch(/<option value="2025-26" selected="">2025\/26 · (final|انتهى)<\/option>/)
  })

  it('is not final while a match of it still awaits its result', async () => {
    const competition = await twoSeasons(true)
    const page = (await body(`/en/leagues/${competition}`)).replaceAll('<!-- -->', '')
    expect(page).toContain('<caption>Standings 2025/26</caption>')
  })
})
