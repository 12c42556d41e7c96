// Site search over the seeded demo data: the API (/api/v1/search) against a set of queries
// with the result each must find, in both languages, including misspellings, unvowelled and
// variant Arabic and the transliterations of names; its validation; the index's upkeep by
// triggers; and the page that answers without JavaScript.
import { describe, expect, it } from 'vitest'
import { normalizeSearchText } from '../../lib/search-text.ts'
import type { SearchResponse, SearchScope } from '../../lib/search-scopes.ts'
import { AMONG, FIRST } from '../../scripts/lib/search-cases.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, sql } from './helpers.ts'

async function search(q: string, params: { lang?: string; type?: SearchScope; limit?: number; acceptLanguage?: string } = {}) {
  const query = new URLSearchParams({ q })
  if (params.lang) query.set('lang', params.lang)
  if (params.type) query.set('type', params.type)
  if (params.limit) query.set('limit', String(params.limit))
  return callApi<SearchResponse>(`search?${query}`, { lang: params.acceptLanguage })
}

async function titles(q: string, lang: 'ar' | 'en', type: Exclude<SearchScope, 'all'>): Promise<string[]> {
  const { status, body } = await search(q, { lang, type, limit: 5 })
  expect(status, q).toBe(200)
  return body.data!.groups.find((g) => g.type === type)?.results.map((r) => r.title) ?? []
}

describe('search finds what readers look for', () => {
  it('has a test set of at least 40 pairs in both languages', () => {
    const all = [...FIRST, ...AMONG]
    expect(all.length).toBeGreaterThanOrEqual(40)
    expect(all.filter(([, lang]) => lang === 'ar').length).toBeGreaterThanOrEqual(15)
  })

  it.each(FIRST)('%s (%s, %s) → %s first', async (q, lang, type, expected) => {
    expect((await titles(q, lang, type))[0]).toBe(expected)
  })

  it.each(AMONG)('%s (%s, %s) → %s among the first five', async (q, lang, type, expected) => {
    expect(await titles(q, lang, type)).toContain(expected)
  })

  it('groups results by kind with a localized title, a subtitle, a link and an image', async () => {
    const { res, body } = await search('الأهلي', { lang: 'ar' })
    expect(res.headers.get('x-db-queries')).toBe('1')
    expect(res.headers.get('cache-control')).toContain('public')
    const data = body.data!
    expect(data).toMatchObject({ query: 'الأهلي', lang: 'ar', type: 'all' })
    expect(data.groups.map((g) => g.type)).toEqual(expect.arrayContaining(['clubs', 'matches', 'posts']))
    const clubs = data.groups.find((g) => g.type === 'clubs')!
    expect(data.groups.find((g) => g.type === 'matches')!.label).toBe('المباريات')
    const [first] = clubs.results
    expect(first).toMatchObject({ title: 'الأهلي', url: expect.stringMatching(/^\/ar\/club\/\d+$/), image: expect.stringMatching(/^\//) })
    const match = data.groups.find((g) => g.type === 'matches')!.results[0]!
    expect(match.url).toMatch(/^\/ar\/matches\/\d+$/)
    expect(match.subtitle).toMatch(/\d{2}-\d{2}-\d{4}/)
    const post = data.groups.find((g) => g.type === 'posts')!.results[0]!
    expect(post.url).toMatch(/^\/ar\/(news|articles|analytics|caricatures)\//)
  })

  it('answers in the language asked, else in the API locale', async () => {
    const en = await search('Barcelona', { lang: 'en', type: 'clubs' })
    expect(en.body.data!.groups[0]!.results[0]!.url).toMatch(/^\/en\/club\//)
    const fromHeader = await search('Barcelona', { type: 'clubs', acceptLanguage: 'en' })
    expect(fromHeader.body.data!.lang).toBe('en')
    expect(fromHeader.body.data!.groups[0]!.label).toBe('Clubs')
    const arabicDefault = await search('Barcelona', { type: 'clubs' })
    expect(arabicDefault.body.data!.groups[0]!.results[0]!.title).toBe('برشلونة')
  })

  it('keeps to the type asked and to the limit per group', async () => {
    const { body } = await search('al', { lang: 'en', limit: 3 })
    for (const group of body.data!.groups) expect(group.results.length).toBeLessThanOrEqual(3)
    const players = await search('Mohamed', { lang: 'en', type: 'players', limit: 2 })
    expect(players.body.data!.groups.map((g) => g.type)).toEqual(['players'])
    expect(players.body.data!.groups[0]!.results).toHaveLength(2)
  })

  it("finds a misspelt team's matches through the club, and a competition's among a thousand", async () => {
    const misspelt = await titles('Real Madird', 'en', 'matches')
    expect(misspelt).toHaveLength(5)
    for (const title of misspelt) expect(title).toContain('Real Madrid')
    // "league" is in about 1,400 matches' documents: the shortlist still ranks and cuts them.
    const league = await search('premier league', { lang: 'en', limit: 5 })
    const groups = Object.fromEntries(league.body.data!.groups.map((g) => [g.type, g.results.map((r) => r.title)]))
    expect(groups.competitions![0]).toBe('Premier League')
    expect(groups.matches).toHaveLength(5)
  })

  it("reports its server time, the search's own part apart, in Server-Timing", async () => {
    const { res } = await search('Barcelona', { lang: 'en', type: 'clubs' })
    const timing = res.headers.get('server-timing')
    expect(timing).toMatch(/(^|,)total;dur=[\d.]+;desc="Route"(,|$)/)
    expect(timing).toMatch(/(^|,)search;dur=[\d.]+;desc="Search, database included"(,|$)/)
    // Account routes keep their timing to themselves.
    const login = await callApi('authentication/login-2', { body: {} })
    expect(login.res.headers.get('server-timing')).toBeNull()
  })

  it('answers a query with nothing to find, or no letters at all, with empty groups', async () => {
    for (const q of ['zzqxv wwkj', '!!!', 'the']) {
      const { status, body } = await search(q, { lang: 'en', type: 'clubs' })
      expect(status, q).toBe(200)
      if (q !== 'the') expect(body.data).toMatchObject({ groups: [], total: 0 })
    }
  })
})

describe('search input is validated', () => {
  // Arabic null: the limit's message is new with search; its Arabic arrives with the catalogs.
  it.each([
    ['', 'q', 'Please fill in this field.', 'يرجى ملء هذا الحقل.'],
    ['q=%20%20', 'q', 'Please fill in this field.', 'يرجى ملء هذا الحقل.'],
    [`q=${'a'.repeat(101)}`, 'q', 'Please keep this to 100 characters or fewer.', 'يرجى ألا يتجاوز هذا 100 من الأحرف.'],
    ['q=salah&lang=fr', 'lang', 'Please choose one of the options.', 'يرجى اختيار أحد الخيارات.'],
    ['q=salah&type=stadiums', 'type', 'Please choose one of the options.', 'يرجى اختيار أحد الخيارات.'],
    ['q=salah&limit=0', 'limit', 'Please choose a whole number from 1 to 50.', null],
    ['q=salah&limit=51', 'limit', 'Please choose a whole number from 1 to 50.', null],
    ['q=salah&limit=ten', 'limit', 'Please choose a whole number from 1 to 50.', null],
    ['q=salah&limit=2.5', 'limit', 'Please choose a whole number from 1 to 50.', null],
  ])('?%s → 422 on %s', async (query, field, english, arabic) => {
    const en = await callApi(`search?${query}`, { lang: 'en' })
    expect(en.status).toBe(422)
    expect(en.body.message).toBe('Please correct the fields marked.')
    expect(en.body.errors?.[field]).toBe(english)
    const ar = await callApi(`search?${query}`, { lang: 'ar' })
    expect(ar.status).toBe(422)
    expect(ar.body.message).toBe('يرجى تصحيح الحقول المشار إليها.')
    expect(ar.body.errors?.[field]).toBeTruthy()
    if (arabic !== null) expect(ar.body.errors?.[field]).toBe(arabic)
  })

  it('reports every wrong field at once', async () => {
    const { status, body } = await callApi('search?lang=xx&type=yy&limit=99', { lang: 'en' })
    expect(status).toBe(422)
    expect(Object.keys(body.errors!).sort()).toEqual(['lang', 'limit', 'q', 'type'])
  })
})

describe('the search index', () => {
  it('folds text in SQL exactly as lib/search-text.ts does', async () => {
    const samples = [
      'Mohamed El-Shenawy',
      'مُحَمَّد صَلاح',
      'الهـــلال والأهلي',
      'كأس العالم ٢٠٢٢ ۲۰۲۶',
      "Ødegaard Müller Zawra'a Łódź",
      'Paris Saint-Germain (PSG) — «Ligue 1»',
      'مسؤول مسئول سماء إبراهيم آدم ٱلله',
      'برشلونة مصطفى علی کرة',
      'Munir Mohamedi, Muhammed, MOHAMMAD; el-ahly / El Gouna',
    ]
    const db = sql()
    const rows = await db<{ folded: string }[]>`
      select search_normalize(t) as folded from jsonb_array_elements_text(${db.json(samples)}) with ordinality as x(t, n) order by n`
    expect(rows.map((r) => r.folded)).toEqual(samples.map(normalizeSearchText))
  })

  it('is a table with row-level security, kept current by triggers on every write', async () => {
    const db = sql()
    const [rls] = await db<{ on: boolean }[]>`select relrowsecurity as on from pg_class where relname = 'search_documents'`
    expect(rls!.on).toBe(true)
    const key = `search-test-${crypto.randomUUID()}`
    const [club] = await db<{ id: string }[]>`
      insert into clubs (name, short_name, source_key) values (${db.json({ en: 'Qwertyville Rovers', ar: 'روفرز كويرتي' })}, ${db.json({ en: 'Qwertyville' })}, ${key})
      returning id`
    try {
      expect(await titles('Qwertyville Rovers', 'en', 'clubs')).toEqual(['Qwertyville Rovers'])
      expect(await titles('روفرز كويرتي', 'ar', 'clubs')).toEqual(['روفرز كويرتي'])
      await db`insert into club_aliases (alias_key, alias, club_id) values (${key}, 'Zxqrovers', ${club!.id})`
      expect(await titles('Zxqrovers', 'en', 'clubs')).toEqual(['Qwertyville Rovers'])
      await db`update clubs set name = ${db.json({ en: 'Plughborough Athletic' })} where id = ${club!.id}`
      expect(await titles('Plughborough Athletic', 'en', 'clubs')).toEqual(['Plughborough Athletic'])
      expect(await titles('Qwertyville Rovers', 'en', 'clubs')).not.toContain('Qwertyville Rovers')
    } finally {
      await db`delete from clubs where id = ${club!.id}`
    }
    expect(await titles('Plughborough Athletic', 'en', 'clubs')).toEqual([])
  })

  it.each([
    ['Salah', 'en', 'Mohamed Salah'],
    ['صلاح', 'ar', 'محمد صلاح'],
  ] as const)('shows first the kind whose best result is the best: %s (%s) → players, %s', async (q, lang, expected) => {
    const { body } = await search(q, { lang })
    const [first] = body.data!.groups
    expect(first!.type).toBe('players')
    expect(first!.results[0]!.title).toBe(expected)
  })

  it("weighs a club by the seasons it has played, and its players with it, as matches come and go", async () => {
    const db = sql()
    const prominence = async (kind: string, id: string) =>
      (await db<{ p: number }[]>`select prominence as p from search_documents where kind = ${kind} and ref_id = ${id}`)[0]!.p
    const key = `search-weigh-${crypto.randomUUID()}`
    const [club] = await db<{ id: string }[]>`
      insert into clubs (name, short_name, source_key) values (${db.json({ en: 'Weighford Town' })}, ${db.json({ en: 'Weighford' })}, ${key})
      returning id`
    const [player] = await db<{ id: string }[]>`
      insert into players (name, club_id, source_key) values (${db.json({ en: 'Wendel Weigh' })}, ${club!.id}, ${key}) returning id`
    try {
      expect(await prominence('club', club!.id)).toBe(0)
      const seasons = await db<{ id: string; other: string }[]>`
        select s.id, (select m.home_club_id from matches m where m.season_id = s.id limit 1) as other
        from seasons s where exists (select 1 from matches m where m.season_id = s.id) order by s.id limit 2`
      await db`
        insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
        select s.id::bigint, now(), ${club!.id}, s.other::bigint, 'scheduled', ${key} || '-' || s.id
        from jsonb_to_recordset(${db.json(seasons)}) as s (id text, other text)`
      const club2 = await prominence('club', club!.id)
      expect(club2).toBeCloseTo(Math.log(3) / Math.log(11), 5)
      expect(await prominence('player', player!.id)).toBeCloseTo(0.6 * club2, 5)
      await db`delete from matches where source_key like ${key + '-%'}`
      expect(await prominence('club', club!.id)).toBe(0)
      expect(await prominence('player', player!.id)).toBe(0)
    } finally {
      await db`delete from matches where source_key like ${key + '-%'}`
      await db`delete from players where id = ${player!.id}`
      await db`delete from clubs where id = ${club!.id}`
    }
  })

  it('drops a post from the results when it is unpublished', async () => {
    const db = sql()
    const [post] = await db<{ id: string }[]>`
      select id from posts where status = 'published' and title ->> 'en' like 'Al Hilal stun Manchester City%'`
    try {
      await db`update posts set status = 'draft' where id = ${post!.id}`
      expect(await titles('Al Hilal stun Manchester City', 'en', 'posts')).not.toContain(
        'Al Hilal stun Manchester City 4-3 after extra time at the Club World Cup',
      )
    } finally {
      await db`update posts set status = 'published' where id = ${post!.id}`
    }
    expect((await titles('Al Hilal stun Manchester City', 'en', 'posts'))[0]).toBe(
      'Al Hilal stun Manchester City 4-3 after extra time at the Club World Cup',
    )
  })
})

describe('the search page without JavaScript', () => {
  async function page(path: string) {
    const res = await fetchPage(path)
    return { res, body: await res.text() }
  }

  it('shows grouped results with names in <bdi>, links to each, and scope tabs as links', async () => {
    const { res, body } = await page('/en/search?q=Mohamed%20Salah')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    expect(body).toContain('<meta name="robots" content="noindex"/>')
    expect(body).toMatch(/<h2 id="search-group-players">Players<\/h2>/)
    expect(body).toMatch(/<a class="search-result" href="\/en\/player\/\d+">.*?<bdi class="search-result-title">Mohamed Salah<\/bdi>/)
    expect(body).toContain('value="Mohamed Salah"')
    expect(body).toContain('href="/en/search?q=Mohamed+Salah&amp;type=players"')
    expect(body).toMatch(/<a class="search-scope" href="\/en\/search\?q=Mohamed\+Salah" aria-current="page">All<\/a>/)
  })

  it('narrows to one kind with type=, in Arabic', async () => {
    const { body } = await page(`/ar/search?q=${encodeURIComponent('الاهلي')}&type=clubs`)
    expect(body).toContain('<bdi class="search-result-title">الأهلي</bdi>')
    expect(body).not.toContain('id="search-group-matches"')
    expect(body).toMatch(/<a class="search-scope" href="[^"]*type=clubs" aria-current="page">/)
    expect(body).toContain('<input type="hidden" name="type" value="clubs"/>')
  })

  it('has an empty state, a no-results state and a worded error', async () => {
    const empty = await page('/en/search')
    expect(empty.res.status).toBe(200)
    expect(empty.body).toContain('Type a club, player, competition or team to search.')
    expect(empty.res.headers.get('x-db-queries')).toBe('0')
    const none = await page('/ar/search?q=zzqxv')
    expect(none.body).toMatch(/<bdi>zzqxv<\/bdi>/)
    expect(none.body).toContain('class="empty-state"')
    const tooLong = await page(`/en/search?q=${'a'.repeat(101)}`)
    expect(tooLong.body).toContain('Please keep this to 100 characters or fewer.')
    expect(tooLong.body).toContain('aria-invalid="true"')
  })

  it('puts the search link, which the modal island enhances, in every header', async () => {
    for (const path of ['/ar', '/en/news', '/en/search']) {
      const body = (await page(path)).body
      expect(body, path).toMatch(/<div class="island" data-island="search-modal" data-props="[^"]*" data-hydrate="interaction" data-wake="\/ mod\+k">/)
      expect(body, path).toMatch(/<a class="header-action" href="\/(ar|en)\/search" aria-label="[^"]+" aria-haspopup="dialog"/)
    }
  })
})
