// The calendar feeds of clubs and competitions (issue 26, section 4; decision 125), each one
// proven by Mozilla's ical.js, the parser Thunderbird reads subscriptions with.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { fetchPage, scopeVersion, sql, unseenPath } from './helpers.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

interface League {
  competition: string
  home: number
  away: number
  /** By name: the old season's, the current season's past and coming ones, the next season's, and one two seasons on. */
  matches: { old: number; played: number; coming: number; next: number; later: number }
}

/**
 * A competition of the test's own, with two clubs nobody else's test plays: a season over,
 * the current one (begun), the next, and one after that.
 */
async function ownLeague(): Promise<League> {
  const tag = unique()
  const competition = `cal.${tag}`
  await sql()`insert into competitions (id, kind, name, short_name)
    values (${competition}, 'league', ${sql().json({ en: `Calendar League ${tag}`, ar: `دوري التقويم ${tag}` })}, ${sql().json({ en: tag })})`
  const seasons: Record<string, number> = {}
  for (const label of ['2025/26', '2026/27', '2027/28', '2028/29']) {
    const [row] = await sql()<{ id: number }[]>`insert into seasons (competition_id, label) values (${competition}, ${label}) returning id::int`
    seasons[label] = row!.id
  }
  const club = async (en: string, ar: string) => {
    const [row] = await sql()<{ id: number }[]>`insert into clubs (name, short_name, source_key)
      values (${sql().json({ en, ar })}, ${sql().json({ en, ar })}, ${`test:calendar:${tag}:${en}`}) returning id::int`
    return row!.id
  }
  const home = await club(`Nile Stars ${tag}`, `نجوم النيل ${tag}`)
  const away = await club(`Delta Club ${tag}`, `نادي الدلتا ${tag}`)
  const [stadium] = await sql()<{ id: number }[]>`insert into stadiums (name, city, source_key)
    values ('Cairo International Stadium', 'Cairo', ${`test:calendar:${tag}:stadium`}) returning id::int`
  const match = async (season: string, kickoff: string, name: string) => {
    const [row] = await sql()<{ id: number }[]>`
      insert into matches (season_id, round, kickoff, home_club_id, away_club_id, stadium_id, status, source_key)
      values (${seasons[season]!}, 'Matchday 3', ${kickoff}::timestamptz, ${home}, ${away}, ${stadium!.id},
        case when ${kickoff}::timestamptz < now() then 'finished' else 'scheduled' end, ${`test:calendar:${tag}:${name}`})
      returning id::int`
    return row!.id
  }
  return {
    competition,
    home,
    away,
    matches: {
      old: await match('2025/26', '2025-09-01T17:00:00Z', 'old'),
      played: await match('2026/27', '2026-08-20T17:00:00Z', 'played'),
      coming: await match('2026/27', '2027-03-10T19:30:00Z', 'coming'),
      next: await match('2027/28', '2027-08-15T18:00:00Z', 'next'),
      later: await match('2028/29', '2028-08-15T18:00:00Z', 'later'),
    },
  }
}

/** A channel covering Egypt and Saudi Arabia on `match`, with a commentator, and one covering only the Emirates. */
async function broadcastsOn(match: number): Promise<{ channel: string; commentator: string }> {
  const tag = unique()
  const [egypt] = await sql()<{ id: number }[]>`insert into channels (name, free_to_air, countries)
    values (${sql().json({ en: `On Time Sports ${tag}`, ar: `أون تايم سبورتس ${tag}` })}, true, '{EG,SA}') returning id::int`
  const [emirates] = await sql()<{ id: number }[]>`insert into channels (name, free_to_air, countries)
    values (${sql().json({ en: `Emirates Sport ${tag}`, ar: `دبي الرياضية ${tag}` })}, true, '{AE}') returning id::int`
  await sql()`insert into broadcasts (match_id, channel_id, list_order, countries, commentators, language) values
    (${match}, ${egypt!.id}, 0, '{EG,SA}', ${sql().json([{ en: 'Medhat Shalaby', ar: 'مدحت شلبي' }])}, 'ar'),
    (${match}, ${emirates!.id}, 1, '{AE}', '[]', 'ar')`
  return { channel: tag, commentator: 'Shalaby' }
}

async function fetchFeed(path: string) {
  const res = await fetchPage(path)
  const text = await res.text()
  return { res, text, cache: res.headers.get('x-cache') }
}

/** The feed as ical.js reads it: the calendar, and its events by UID. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = new Map(calendar.getAllSubcomponents('vevent').map((component) => [new ICAL.Event(component).uid, component]))
  return { calendar, events }
}

function eventOf(text: string, match: number): ICAL.Component {
  const event = parse(text).events.get(`match-${match}@localhost`)
  expect(event, `match ${match} in the feed`).toBeDefined()
  return event!
}

const value = (event: ICAL.Component, name: string) => event.getFirstPropertyValue(name)

describe('a club’s calendar feed', () => {
  it.each(['ar', 'en'] as const)('holds the matches of the current season and the next, in %s, as ical.js reads them', async (lang) => {
    const league = await ownLeague()
    const { res, text } = await fetchFeed(`/${lang}/club/${league.home}/calendar.ics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const { calendar, events } = parse(text)
    const { played, coming, next } = league.matches
    expect([...events.keys()].sort()).toEqual([played, coming, next].map((id) => `match-${id}@localhost`).sort())
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toContain(lang === 'ar' ? 'نجوم النيل' : 'Nile Stars')
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT3H')

    const event = new ICAL.Event(eventOf(text, coming))
    expect(event.startDate.zone?.tzid).toBe('UTC')
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-10T19:30:00.000Z')
    expect(event.endDate.zone?.tzid).toBe('UTC')
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-10T21:30:00.000Z')
    expect(event.summary).toMatch(lang === 'ar' ? /^نجوم النيل \S+ ضد نادي الدلتا/ : /^Nile Stars \S+ v Delta Club/)
    expect(event.location).toBe('Cairo International Stadium, Cairo')
    expect(event.description).toContain(lang === 'ar' ? 'دوري التقويم' : 'Calendar League')
    expect(event.description).toContain(lang === 'ar' ? 'الجولة 3' : 'Matchday 3')
    expect(value(eventOf(text, coming), 'url')).toBe(`http://localhost/${lang}/matches/${coming}`)
    expect(value(eventOf(text, coming), 'status')).toBe('CONFIRMED')
  })

  it('gives each match the same UID on every fetch', async () => {
    const league = await ownLeague()
    const path = `/en/club/${league.away}/calendar.ics`
    const first = parse((await fetchFeed(unseenPath(path))).text)
    const second = parse((await fetchFeed(unseenPath(path))).text)
    expect(first.events.size).toBe(3)
    expect([...second.events.keys()]).toEqual([...first.events.keys()])
  })

  it('is kept at the edge, and a moved kick-off renews it: the match moves, its SEQUENCE and LAST-MODIFIED rise', async () => {
    const league = await ownLeague()
    const { coming } = league.matches
    // LAST-MODIFIED counts whole seconds: the fixture was written yesterday, not this second.
    await sql()`update matches set schedule_changed_at = now() - interval '1 day' where id = ${coming}`
    const path = unseenPath(`/en/club/${league.home}/calendar.ics`)
    const before = await fetchFeed(path)
    expect(before.cache).toBe('MISS')
    const kept = await fetchFeed(path)
    expect(kept.cache).toBe('HIT')
    expect(kept.res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(kept.text).toBe(before.text)

    await sql()`update matches set kickoff = '2027-03-11T16:00:00Z' where id = ${coming}`
    const after = await fetchFeed(path)
    expect(after.cache).toBe('MISS')
    const [was, is] = [eventOf(before.text, coming), eventOf(after.text, coming)]
    expect(new ICAL.Event(is).startDate.toJSDate().toISOString()).toBe('2027-03-11T16:00:00.000Z')
    expect(Number(value(is, 'sequence'))).toBeGreaterThan(Number(value(was, 'sequence')))
    const modified = (event: ICAL.Component) => (value(event, 'last-modified') as ICAL.Time).toJSDate().getTime()
    expect(modified(is)).toBeGreaterThan(modified(was))
  })

  it('keeps a postponed match, cancelled, so calendars take it off', async () => {
    const league = await ownLeague()
    const { coming } = league.matches
    await sql()`update matches set status = 'postponed' where id = ${coming}`
    const { text } = await fetchFeed(unseenPath(`/ar/club/${league.home}/calendar.ics`))
    const event = eventOf(text, coming)
    expect(value(event, 'status')).toBe('CANCELLED')
    expect(Number(value(event, 'sequence'))).toBe(1)
    expect(new ICAL.Event(event).description).toContain('مؤجلة')
  })

  it('counts no revision for a score or a live minute', async () => {
    const league = await ownLeague()
    const { coming } = league.matches
    await sql()`update matches set status = 'live', minute = 12, ft_home = 1, ft_away = 0 where id = ${coming}`
    const [row] = await sql()<{ schedule_revision: number }[]>`select schedule_revision from matches where id = ${coming}`
    expect(row!.schedule_revision).toBe(0)
  })

  it('shows a day without a time as a whole day', async () => {
    const league = await ownLeague()
    const { next } = league.matches
    await sql()`update matches set kickoff_time_known = false where id = ${next}`
    const event = new ICAL.Event(eventOf((await fetchFeed(unseenPath(`/en/club/${league.home}/calendar.ics`))).text, next))
    expect(event.startDate.isDate).toBe(true)
    expect(event.startDate.toString()).toBe('2027-08-15')
  })

  it.each(['ar', 'en'] as const)('says in %s where to watch in Egypt, with the commentator, when asked for ?country=EG', async (lang) => {
    const league = await ownLeague()
    const { coming, next } = league.matches
    const { channel } = await broadcastsOn(coming)
    const { text } = await fetchFeed(`/${lang}/club/${league.home}/calendar.ics?country=EG`)
    const { calendar } = parse(text)
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toContain(lang === 'ar' ? 'مصر' : 'Egypt')
    const shown = new ICAL.Event(eventOf(text, coming)).description
    expect(shown).toContain(lang === 'ar' ? `أون تايم سبورتس ${channel}` : `On Time Sports ${channel}`)
    expect(shown).toContain(lang === 'ar' ? 'مدحت شلبي' : 'Medhat Shalaby')
    expect(shown).toContain(lang === 'ar' ? 'العربية' : 'Arabic')
    // A channel covering another country only is not Egypt's.
    expect(shown).not.toContain(lang === 'ar' ? 'دبي الرياضية' : 'Emirates Sport')
    expect(new ICAL.Event(eventOf(text, next)).description).toContain(lang === 'ar' ? 'قناة ناقلة في مصر' : 'No channel announced yet in Egypt')
    // Without a country, the feed names no channel.
    const plain = await fetchFeed(`/${lang}/club/${league.home}/calendar.ics`)
    expect(new ICAL.Event(eventOf(plain.text, coming)).description).not.toContain(channel)
  })

  it('renews the feed with a country when a broadcast of one of its matches changes', async () => {
    const league = await ownLeague()
    const path = unseenPath(`/en/club/${league.away}/calendar.ics?country=eg`)
    await fetchFeed(path)
    expect((await fetchFeed(path)).cache).toBe('HIT')
    const { channel } = await broadcastsOn(league.matches.next)
    const after = await fetchFeed(path)
    expect(after.cache).toBe('MISS')
    expect(new ICAL.Event(eventOf(after.text, league.matches.next)).description).toContain(channel)
  })

  it('answers an unknown club with 404, and a merged one with its survivor’s feed', async () => {
    expect((await fetchPage('/en/club/999999999/calendar.ics')).status).toBe(404)
    expect((await fetchPage('/ar/club/abc/calendar.ics')).status).toBe(404)
    const league = await ownLeague()
    const old = 900_000_000 + Math.floor(Math.random() * 1_000_000)
    await sql()`insert into club_redirects (old_id, old_source_key, club_id) values (${old}, ${`test:calendar:merged:${old}`}, ${league.home})`
    const res = await fetchPage(`/en/club/${old}/calendar.ics?country=EG`)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(`/en/club/${league.home}/calendar.ics?country=EG`)
  })

  it.each([
    ['ar', 'رمز البلد غير معروف'],
    ['en', 'Unknown country code'],
  ])('refuses a country that does not exist with a 422 in %s', async (lang, words) => {
    const league = await ownLeague()
    for (const country of ['XX', 'EGY', '', '<script>']) {
      const res = await fetchPage(`/${lang}/club/${league.home}/calendar.ics?country=${encodeURIComponent(country)}`)
      expect(res.status, country).toBe(422)
      expect(await res.text()).toContain(words)
    }
  })
})

describe('a competition’s calendar feed', () => {
  it.each(['ar', 'en'] as const)('holds its current season and the next, in %s', async (lang) => {
    const league = await ownLeague()
    const { res, text } = await fetchFeed(`/${lang}/leagues/${league.competition}/calendar.ics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const { calendar, events } = parse(text)
    const { played, coming, next } = league.matches
    expect([...events.keys()].sort()).toEqual([played, coming, next].map((id) => `match-${id}@localhost`).sort())
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toContain(lang === 'ar' ? 'دوري التقويم' : 'Calendar League')
    expect(new ICAL.Event(eventOf(text, next)).summary).toContain(lang === 'ar' ? 'نادي الدلتا' : 'Delta Club')
  })

  it('says where to watch in Egypt with ?country=EG, and is renewed by a moved kick-off', async () => {
    const league = await ownLeague()
    const { channel } = await broadcastsOn(league.matches.coming)
    const path = unseenPath(`/en/leagues/${league.competition}/calendar.ics?country=EG`)
    const before = await fetchFeed(path)
    expect(new ICAL.Event(eventOf(before.text, league.matches.coming)).description).toContain(`On Time Sports ${channel}`)
    expect((await fetchFeed(path)).cache).toBe('HIT')
    await sql()`update matches set kickoff = kickoff + interval '1 day' where id = ${league.matches.coming}`
    const after = await fetchFeed(path)
    expect(after.cache).toBe('MISS')
    expect(Number(value(eventOf(after.text, league.matches.coming), 'sequence'))).toBe(1)
  })

  it('answers an unknown competition with 404 and a bad country with 422', async () => {
    expect((await fetchPage('/en/leagues/no.such.league/calendar.ics')).status).toBe(404)
    const league = await ownLeague()
    expect((await fetchPage(`/ar/leagues/${league.competition}/calendar.ics?country=ZZ`)).status).toBe(422)
  })
})

describe('the pages', () => {
  it.each([
    ['ar', 'club', 'أضف إلى التقويم'],
    ['en', 'leagues', 'Add to calendar'],
  ] as const)('offer the feed in %s on the %s page, to subscribe and to download', async (lang, page, heading) => {
    const league = await ownLeague()
    const path = page === 'club' ? `/${lang}/club/${league.home}` : `/${lang}/leagues/${league.competition}`
    const html = await (await fetchPage(unseenPath(path))).text()
    expect(html).toContain(heading)
    expect(html).toContain(`href="webcal://localhost${path}/calendar.ics"`)
    expect(html).toMatch(new RegExp(`href="http://localhost${path.replace('.', '\\.')}/calendar\\.ics" download="${page}-[^"]+-calendar\\.ics"`))
  })
})

describe('a broadcast', () => {
  it('renews the feeds of its match’s clubs and season', async () => {
    const league = await ownLeague()
    const before = await scopeVersion(`club:${league.home}`)
    await broadcastsOn(league.matches.coming)
    expect(await scopeVersion(`club:${league.home}`)).toBeGreaterThan(before)
  })
})
