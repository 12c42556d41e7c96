// The matches page as readers use it (issue 26, section 3; decision 124): a day of the test's
// own, far from any imported or demo fixture, with matches of the big competitions and of
// two of its own, and broadcasts for Egypt and Morocco given through the desk API.
import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './api-helpers.ts'
import { addChannel, newChannel, unique } from './broadcast-fixtures.ts'
import { fetchPage, insertUserWithRole, scopeVersion, sql, unseenPath } from './helpers.ts'
import { deskVisitor, pageText } from './visitor.ts'

const DAY = '2031-05-10'

/** The big competitions as supabase/migrations/20261128000400_competition_order.sql orders them. */
const DEFAULT_ORDER = ['worldcup', 'uefa.cl', 'en.1', 'es.1', 'sa.1', 'eg.1', 'cafcl', 'clubworldcup', 'it.1', 'de.1', 'fr.1', 'ma.1', 'dz.1']

interface Day {
  cl: number
  enEarly: number
  enLive: number
  egypt: number
  zebra: number
  aardvark: number
  /** Channel names: free in Egypt, paid in Morocco. */
  egChannel: string
  maChannel: string
}

let day: Day

async function competitionOfOwn(name: string): Promise<string> {
  const id = `test.${unique()}`
  await sql()`insert into competitions (id, kind, name, short_name) values (${id}, 'league', ${sql().json({ en: name, ar: name })}, ${sql().json({ en: name })})`
  return id
}

async function matchIn(competition: string, time: string, status = 'scheduled'): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    with season as (
      select id from seasons where competition_id = ${competition} order by label desc limit 1
    ), made as (
      insert into seasons (competition_id, label) select ${competition}, '2030/31' where not exists (select 1 from season)
      returning id
    ), pair as (select home_club_id, away_club_id from matches where not demo order by id limit 1)
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
    select coalesce((select id from season), (select id from made)), ${`${DAY}T${time}:00Z`}, home_club_id, away_club_id, ${status},
      ${`test:match-day:${unique()}`}
    from pair
    returning id::int`
  return row!.id
}

beforeAll(async () => {
  const aardvark = await competitionOfOwn(`Aardvark League ${unique()}`)
  const zebra = await competitionOfOwn(`Zebra League ${unique()}`)
  day = {
    zebra: await matchIn(zebra, '11:00'),
    aardvark: await matchIn(aardvark, '12:00'),
    egypt: await matchIn('eg.1', '13:00'),
    enEarly: await matchIn('en.1', '14:00'),
    enLive: await matchIn('en.1', '16:00', 'live'),
    cl: await matchIn('uefa.cl', '19:00'),
    egChannel: `Nile Sport ${unique()}`,
    maChannel: `Atlas Pay ${unique()}`,
  }
  const editor = await insertUserWithRole('editor')
  // The migration's order, set again: another file's malformed-input round may have replaced it.
  expect((await callApi('desk/competitions/order', { method: 'PUT', body: DEFAULT_ORDER, bearer: editor.token })).status).toBe(200)
  const free = await addChannel(editor, newChannel({ name: { ar: `النيل ${unique()}`, en: day.egChannel }, free_to_air: true, countries: ['EG'] }))
  const paid = await addChannel(editor, newChannel({ name: { ar: `أطلس ${unique()}`, en: day.maChannel }, free_to_air: false, countries: ['MA'] }))
  const put = await callApi(`desk/matches/${day.egypt}/broadcasts`, {
    method: 'PUT',
    bearer: editor.token,
    body: [
      { channel_id: paid, countries: ['MA'], commentators: [{ ar: 'جواد بادة', en: 'Jawad Badda' }], language: 'ar' },
      { channel_id: free, countries: ['EG'], commentators: [{ ar: 'مدحت شلبي', en: 'Medhat Shalaby' }], language: 'ar' },
    ],
  })
  expect(put.status).toBe(200)
})

async function page(path: string, country?: string) {
  const res = await fetchPage(unseenPath(path), { headers: country ? { cookie: `country=${country}` } : {} })
  return { res, body: await res.text(), queries: res.headers.get('x-db-queries') }
}

/** The competitions' groups in order, by their league links. */
const groupsOf = (body: string) => [...body.matchAll(/<h3 class="match-list-title"[^>]*><a href="\/\w\w\/leagues\/([^"?]+)"/g)].map((m) => m[1])

/** The matches in the order the page lists them. */
const matchesOf = (body: string) => [...body.matchAll(/<a class="match-link" href="\/\w\w\/matches\/(\d+)"/g)].map((m) => Number(m[1]))

describe('the day’s matches, grouped', () => {
  it('puts the desk’s big competitions first in its order, then the rest by name, in one round trip', async () => {
    const { res, body, queries } = await page(`/en/matches?date=${DAY}`)
    expect(res.status).toBe(200)
    expect(queries).toBe('1')
    const groups = groupsOf(body)
    expect(groups.slice(0, 3)).toEqual(['uefa.cl', 'en.1', 'eg.1'])
    expect(groups.slice(3).map((id) => id!.slice(0, 5))).toEqual(['test.', 'test.'])
    expect(matchesOf(body)).toEqual([day.cl, day.enLive, day.enEarly, day.egypt, day.aardvark, day.zebra])
  })

  it('follows the order the desk keeps', async () => {
    await sql()`update competition_order set position = position + 20 where competition_id = 'uefa.cl'`
    try {
      expect(groupsOf((await page(`/ar/matches?date=${DAY}`)).body).slice(0, 3)).toEqual(['en.1', 'eg.1', 'uefa.cl'])
    } finally {
      await sql()`update competition_order set position = position - 20 where competition_id = 'uefa.cl'`
    }
  })

  it('links yesterday, today and tomorrow beside the date picker, keeping the filters', async () => {
    const { body } = await page(`/en/matches?date=${DAY}&live=1`)
    for (const label of ['Yesterday', 'Today', 'Tomorrow']) expect(body).toMatch(new RegExp(`<a href="/en/matches\\?date=\\d{4}-\\d\\d-\\d\\d&amp;live=1"[^>]*>${label}</a>`))
    expect(body).toContain('name="live" checked="" value="1"')
  })
})

describe('where to watch, for the reader’s country', () => {
  it('shows a reader in Egypt the Egyptian channel, marked free to air, and its commentator', async () => {
    const { body, queries } = await page(`/en/matches?date=${DAY}`, 'EG')
    expect(queries).toBe('1')
    expect(body).toContain(day.egChannel)
    expect(body).toContain('Free to air')
    expect(body).toContain('Medhat Shalaby')
    expect(body).not.toContain(day.maChannel)
    expect(body).not.toContain('Jawad Badda')
  })

  it('shows a reader in Morocco the Moroccan channel for the same match, in Arabic too', async () => {
    const { body } = await page(`/ar/matches?date=${DAY}`, 'MA')
    expect(body).toMatch(/أطلس [0-9a-f]{8}/)
    expect(body).toContain('جواد بادة')
    expect(body).not.toContain('مدحت شلبي')
    expect(body).not.toContain('class="free-badge"')
  })

  it('shows no channel to a reader whose country nothing covers', async () => {
    const { body } = await page(`/en/matches?date=${DAY}`, 'JP')
    expect(body).not.toContain('class="match-watch"')
  })
})

describe('the filters', () => {
  it('keeps the live matches with live=1', async () => {
    expect(matchesOf((await page(`/en/matches?date=${DAY}&live=1`)).body)).toEqual([day.enLive])
  })

  it('keeps what is on TV in the reader’s country with tv=mine, and free-to-air with free=1', async () => {
    expect(matchesOf((await page(`/en/matches?date=${DAY}&tv=mine`, 'EG')).body)).toEqual([day.egypt])
    expect(matchesOf((await page(`/en/matches?date=${DAY}&tv=mine`, 'MA')).body)).toEqual([day.egypt])
    expect(matchesOf((await page(`/en/matches?date=${DAY}&free=1`, 'EG')).body)).toEqual([day.egypt])
    const paidOnly = await page(`/en/matches?date=${DAY}&free=1`, 'MA')
    expect(matchesOf(paidOnly.body)).toEqual([])
    expect(paidOnly.body).toContain('No match of this day is on a free-to-air channel in your country.')
  })

  it('says why a filtered day is empty, in both languages, with the way back', async () => {
    const english = await page(`/en/matches?date=${DAY}&tv=mine`, 'JP')
    expect(english.body).toContain('No match of this day is on TV in your country.')
    expect(english.body).toContain(`href="/en/matches?date=${DAY}">Show all matches</a>`)
    const arabic = await page(`/ar/matches?date=${DAY}&tv=mine&live=1`, 'JP')
    expect(arabic.body).toContain('لا مباراة في هذا اليوم تطابق هذه التصفية.')
  })

  it('combines filters', async () => {
    expect(matchesOf((await page(`/en/matches?date=${DAY}&tv=mine&live=1`, 'EG')).body)).toEqual([])
  })

  it.each(['live=yes', 'tv=1', 'free=true', 'live='])('ignores a filter with another value (%s)', async (filter) => {
    const { res, body } = await page(`/en/matches?date=${DAY}&${filter}`, 'EG')
    expect(res.status).toBe(200)
    expect(matchesOf(body)).toHaveLength(6)
  })
})

describe('the day at the edge', () => {
  it('keeps a day with broadcasts once per country', async () => {
    const path = unseenPath(`/en/matches?date=${DAY}`)
    const get = (country: string) => fetchPage(path, { headers: { cookie: `country=${country}` } })
    const egypt = await get('EG')
    expect(await egypt.text()).toContain(day.egChannel)
    const morocco = await get('MA')
    expect(morocco.headers.get('x-cache')).toBe('MISS')
    expect(await morocco.text()).toContain(day.maChannel)
    const again = await get('EG')
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(await again.text()).toContain(day.egChannel)
  })

  it('keeps a day without broadcasts once for every country', async () => {
    const path = unseenPath('/en/matches?date=2031-05-20')
    await (await fetchPage(path, { headers: { cookie: 'country=EG' } })).text()
    const other = await fetchPage(path, { headers: { cookie: 'country=MA' } })
    expect(other.headers.get('x-cache')).toBe('HIT')
  })
})

describe('the order of the big competitions at the desk', () => {
  it('lists every competition with its place, and an editor replaces the order, audited, renewing every page', async () => {
    const editor = await insertUserWithRole('editor')
    const read = await callApi<{ id: string; position: number | null }[]>('desk/competitions/order', { bearer: editor.token })
    expect(read.status).toBe(200)
    const kept = read.body.data!.filter((c) => c.position !== null).map((c) => c.id)
    expect(kept).toEqual(DEFAULT_ORDER)
    const version = await scopeVersion('site')
    try {
      const put = await callApi<{ id: string; position: number | null }[]>('desk/competitions/order', { method: 'PUT', body: ['eg.1', 'en.1'], bearer: editor.token })
      expect(put.status).toBe(200)
      expect(put.body.data!.slice(0, 3).map((c) => [c.id, c.position])).toEqual([['eg.1', 1], ['en.1', 2], [expect.any(String), null]])
      expect(await scopeVersion('site')).toBeGreaterThan(version)
      const [entry] = await sql()<{ actor_id: string; before: string[]; after: string[] }[]>`
        select actor_id, before, after from audit_log where action = 'competitions.order' order by id desc limit 1`
      expect(entry).toMatchObject({ actor_id: editor.id, before: kept, after: ['eg.1', 'en.1'] })
      expect(groupsOf((await page(`/en/matches?date=${DAY}`)).body).slice(0, 3)).toEqual(['eg.1', 'en.1', expect.stringMatching(/^test\./)])
    } finally {
      await callApi('desk/competitions/order', { method: 'PUT', body: kept, bearer: editor.token })
    }
  })

  it.each([
    [['en.1', 'no.such'], '1'],
    [['en.1', 'en.1'], '1'],
    [['EN 1'], '0'],
  ])('refuses %j with a 422 on the entry', async (body, field) => {
    const editor = await insertUserWithRole('editor')
    const res = await callApi('desk/competitions/order', { method: 'PUT', body, bearer: editor.token })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors as object)).toEqual([field])
  })

  it('is for editors only', async () => {
    const contributor = await insertUserWithRole('contributor')
    expect((await callApi('desk/competitions/order', { method: 'PUT', body: [], bearer: contributor.token })).status).toBe(403)
  })

  it.each(['ar', 'en'] as const)('is set from its screen in %s by typing places, without script', async (lang) => {
    const { visitor, user } = await deskVisitor('editor')
    const kept = (await callApi<{ id: string; position: number | null }[]>('desk/competitions/order', { bearer: user.token })).body.data!
    const big = kept.filter((c) => c.position !== null).map((c) => c.id)
    const screen = await pageText(visitor, `/${lang}/desk/competitions/order`)
    expect(screen).toContain(`lang="${lang}"`)
    expect(screen).toMatch(/name="place\.uefa\.cl"[^>]*value="2"/)
    // Every competition has a box: the ones not placed follow by name.
    expect(screen.match(/name="place\./g)).toHaveLength(kept.length)
    try {
      // Places are relative and a tie keeps the old order: Egypt's league, then the Premier League, then LaLiga.
      const res = await visitor.post(`/${lang}/desk/competitions/order`, { 'place.es.1': '9', 'place.eg.1': '2', 'place.en.1': '9', 'place.worldcup': '' })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe(`/${lang}/desk/competitions/order`)
      const [order] = await sql()<{ ids: string[] }[]>`select to_jsonb(array_agg(competition_id order by position)) as ids from competition_order`
      expect(order!.ids).toEqual(['eg.1', 'en.1', 'es.1'])
      const refused = await visitor.post(`/${lang}/desk/competitions/order`, { 'place.en.1': '51', 'place.es.1': 'first' })
      expect(refused.status).toBe(422)
      const page = await refused.text()
      expect(page.match(/class="field-error"/g)).toHaveLength(2)
      expect(page).toContain(lang === 'ar' ? 'من 1 إلى 50' : 'from 1 to 50')
    } finally {
      await callApi('desk/competitions/order', { method: 'PUT', body: big, bearer: user.token })
    }
  })

  it('shows its screen to editors only', async () => {
    await pageText((await deskVisitor('contributor')).visitor, '/en/desk/competitions/order', 403)
  })
})
