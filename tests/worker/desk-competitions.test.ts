// Competitions at the desk (issue 34; docs/desk-api.md, Competitions): editors create and edit
// them with their table rules; every refusal names its field in the caller's language; a
// change is audited, and a rules change reorders the competition's table on its next read.
import { describe, expect, it } from 'vitest'
import { seasonParam } from '../../lib/links.ts'
import type { DeskCompetition } from '../../src/db/desk-competitions.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithRole, scopeVersion, sql, unseenPath } from './helpers.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

const RULES = [
  {
    from: '2026/27',
    points: { win: 3, draw: 1, loss: 0 },
    criteria: [{ headToHead: ['points', 'goalDifference'] }, 'goalDifference', 'goalsFor'],
    then: 'play-off',
    zones: [
      { kind: 'relegation', from: 3, to: 4 },
      { kind: 'champions', from: 1, to: 1 },
    ],
    source: 'Test League regulations, art. 12',
  },
]

function newCompetition(overrides: Record<string, unknown> = {}) {
  const tag = unique()
  return {
    id: `t${tag}.1`,
    kind: 'league',
    name: { ar: `دوري الاختبار ${tag}`, en: `Test League ${tag}` },
    short_name: { ar: 'د.ا', en: 'TL' },
    country: 'eg',
    timezone: 'africa/cairo',
    ...overrides,
  }
}

async function auditOf(id: string, action: string) {
  return sql()<{ before: DeskCompetition | null; after: DeskCompetition; actor_id: string }[]>`
    select before, after, actor_id::text from audit_log where target_type = 'competition' and target_id = ${id} and action = ${action} order by id`
}

describe('competitions at the desk', () => {
  it('creates a competition with its rules, lists it and reads it back, audited', async () => {
    const editor = await insertUserWithRole('editor')
    const body = { ...newCompetition(), rules: RULES }
    const res = await callApi<DeskCompetition>('desk/competitions', { body, bearer: editor.token })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ id: body.id, kind: 'league', name: body.name, shortName: body.short_name, country: 'EG', timezone: 'Africa/Cairo', seasons: [] })
    // Zones are kept in the order of their places.
    expect(res.body.data!.rules![0]!.zones.map((z) => z.kind)).toEqual(['champions', 'relegation'])
    const read = await callApi<DeskCompetition>(`desk/competitions/${body.id}`, { bearer: editor.token })
    expect(read.body.data).toEqual(res.body.data)
    const list = await callApi<DeskCompetition[]>('desk/competitions', { bearer: editor.token })
    expect(list.body.data!.find((c) => c.id === body.id)).toEqual(res.body.data)
    expect(list.body.data!.find((c) => c.id === 'en.1')!.rules![0]!.source).toContain('Premier League Handbook')
    const [audit] = await auditOf(body.id, 'competition.create')
    expect(audit).toMatchObject({ before: null, after: res.body.data, actor_id: editor.id })
  })

  it('takes the default rules without any, and a competition reads as the default again when its rules are taken away', async () => {
    const editor = await insertUserWithRole('editor')
    const body = newCompetition({ country: null })
    const res = await callApi<DeskCompetition>('desk/competitions', { body, bearer: editor.token })
    expect(res.body.data).toMatchObject({ rules: null, country: null })
    const withRules = await callApi<DeskCompetition>(`desk/competitions/${body.id}`, { method: 'PATCH', body: { rules: RULES }, bearer: editor.token })
    expect(withRules.body.data!.rules).toHaveLength(1)
    const without = await callApi<DeskCompetition>(`desk/competitions/${body.id}`, { method: 'PATCH', body: { rules: null }, bearer: editor.token })
    expect(without.body.data!.rules).toBeNull()
  })

  it('changes only what a PATCH sends, and audits nothing when nothing changed', async () => {
    const editor = await insertUserWithRole('editor')
    const body = newCompetition()
    await callApi('desk/competitions', { body, bearer: editor.token })
    const res = await callApi<DeskCompetition>(`desk/competitions/${body.id}`, {
      method: 'PATCH',
      body: { name: { en: 'Renamed League' }, kind: 'cup', timezone: 'Asia/Riyadh', country: 'SA' },
      bearer: editor.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: { ar: body.name.ar, en: 'Renamed League' }, kind: 'cup', timezone: 'Asia/Riyadh', country: 'SA' })
    const same = await callApi<DeskCompetition>(`desk/competitions/${body.id}`, { method: 'PATCH', body: { kind: 'cup' }, bearer: editor.token })
    expect(same.status).toBe(200)
    const audits = await auditOf(body.id, 'competition.update')
    expect(audits).toHaveLength(1)
    expect(audits[0]!.before).toMatchObject({ kind: 'league', timezone: 'Africa/Cairo' })
    expect(audits[0]!.after).toMatchObject({ kind: 'cup', timezone: 'Asia/Riyadh' })
  })

  it('refuses the anonymous with 401, contributors and readers with 403, and an unknown id with 404', async () => {
    const body = newCompetition()
    expect((await callApi('desk/competitions')).status).toBe(401)
    expect((await callApi('desk/competitions', { body })).status).toBe(401)
    for (const role of ['reader', 'contributor'] as const) {
      const user = await insertUserWithRole(role)
      expect((await callApi('desk/competitions', { bearer: user.token })).status, role).toBe(403)
      expect((await callApi('desk/competitions/en.1', { bearer: user.token })).status, role).toBe(403)
      expect((await callApi('desk/competitions', { body, bearer: user.token })).status, role).toBe(403)
      expect((await callApi('desk/competitions/en.1', { method: 'PATCH', body: { kind: 'cup' }, bearer: user.token })).status, role).toBe(403)
    }
    const editor = await insertUserWithRole('editor')
    expect((await callApi('desk/competitions/no.such', { bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/competitions/no.such', { method: 'PATCH', body: { kind: 'cup' }, bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/competitions/Bad%20Id', { bearer: editor.token })).status).toBe(404)
    const [written] = await sql()<{ n: number }[]>`select count(*)::int as n from competitions where id = ${body.id}`
    expect(written!.n).toBe(0)
  })

  it('refuses bad fields with a 422 naming each, in the caller’s language', async () => {
    const editor = await insertUserWithRole('editor')
    const taken = newCompetition()
    expect((await callApi('desk/competitions', { body: taken, bearer: editor.token })).status).toBe(201)
    const rules = (change: Record<string, unknown>) => ({ rules: [{ ...RULES[0], ...change }] })
    const cases: [string, Record<string, unknown>, string][] = [
      ['a taken id', { id: taken.id }, 'id'],
      ['an id of capitals', { id: 'EN.1' }, 'id'],
      ['an id too long', { id: 'a'.repeat(33) }, 'id'],
      ['an unknown kind', { kind: 'tournament' }, 'kind'],
      ['no Arabic name', { name: { en: 'Only English' } }, 'name.ar'],
      ['a short name of a number', { short_name: { ar: 1, en: 'TL' } }, 'short_name.ar'],
      ['an unknown country', { country: 'XX' }, 'country'],
      ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
      ['a time zone of a number', { timezone: 3 }, 'timezone'],
      ['an unknown zone', rules({ zones: [{ kind: 'europa', from: 1, to: 2 }] }), 'rules.0.zones.0.kind'],
      ['overlapping zones', rules({ zones: [{ kind: 'champions', from: 1, to: 4 }, { kind: 'continental', from: 4, to: 6 }] }), 'rules.0.zones'],
      ['a zone upside down', rules({ zones: [{ kind: 'relegation', from: 20, to: 18 }] }), 'rules.0.zones.0'],
      ['a zone out of range', rules({ zones: [{ kind: 'relegation', from: 18, to: 1e9 }] }), 'rules.0.zones.0.to'],
      ['a draw worth a win', rules({ points: { win: 1, draw: 1, loss: 0 } }), 'rules.0.points'],
      ['a loss worth more than a draw', rules({ points: { win: 3, draw: 0, loss: 1 } }), 'rules.0.points'],
      ['points past 10', rules({ points: { win: 11, draw: 1, loss: 0 } }), 'rules.0.points.win'],
      ['a criterion twice', rules({ criteria: ['goalDifference', 'goalDifference'] }), 'rules.0.criteria'],
      ['an unknown criterion', rules({ criteria: ['fairPlay'] }), 'rules.0.criteria.0'],
      ['an unknown then', rules({ then: 'coin' }), 'rules.0.then'],
      ['no source', rules({ source: ' ' }), 'rules.0.source'],
      ['a season twice', { rules: [RULES[0], RULES[0]] }, 'rules'],
      ['a season label not a season', rules({ from: 'next year' }), 'rules.0.from'],
      ['rules not a list', { rules: { points: 3 } }, 'rules'],
    ]
    for (const [what, change, field] of cases) {
      const res = await callApi('desk/competitions', { body: { ...newCompetition(), ...change }, bearer: editor.token })
      expect(res.status, what).toBe(422)
      expect(Object.keys(res.body.errors ?? {}), what).toContain(field)
    }
    const arabic = await callApi('desk/competitions', { body: taken, bearer: editor.token, lang: 'ar' })
    expect(arabic.body.errors!.id).toMatch(/[\u0600-\u06ff]/)
    const patched = await callApi(`desk/competitions/${taken.id}`, { method: 'PATCH', body: rules({ zones: [{ kind: 'europa', from: 1, to: 1 }] }), bearer: editor.token })
    expect(patched.body.errors).toHaveProperty(['rules.0.zones.0.kind'])
    const nothing = await callApi(`desk/competitions/${taken.id}`, { method: 'PATCH', body: {}, bearer: editor.token })
    expect(nothing.body.errors).toHaveProperty('body')
  })

  it('refuses NUL bytes and lone surrogates with a 422, never a 500', async () => {
    const editor = await insertUserWithRole('editor')
    const json = JSON.stringify({ ...newCompetition(), rules: RULES })
    const nul = await callApi('desk/competitions', { rawBody: json.replace('Test League', 'Test\\u0000League'), bearer: editor.token })
    expect(nul.status).toBe(422)
    expect(Object.keys(nul.body.errors!)).toContain('name.en')
    const surrogate = await callApi('desk/competitions', { rawBody: json.replace('art. 12', 'art. \\ud800'), bearer: editor.token })
    expect(surrogate.status).toBe(422)
    expect(Object.keys(surrogate.body.errors!)).toContain('rules.0.source')
    const malformed = await callApi('desk/competitions', { rawBody: '{"id": ', bearer: editor.token })
    expect(malformed.status).toBe(400)
  })
})

describe('a rules change at the desk', () => {
  it('reorders the competition’s table, renews its pages, and is audited', async () => {
    const editor = await insertUserWithRole('editor')
    const body = newCompetition()
    await callApi('desk/competitions', { body, bearer: editor.token })
    const [season] = await sql()<{ id: number }[]>`insert into seasons (competition_id, label) values (${body.id}, '2026/27') returning id::int`
    const clubs: Record<string, number> = {}
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
      const [row] = await sql()<{ id: number }[]>`insert into clubs (name, short_name, source_key)
        values (${sql().json({ en: `${name} ${body.id}`, ar: `${name} ${body.id}` })}, ${sql().json({ en: name })}, ${`test:rules:${body.id}:${name}`}) returning id::int`
      clubs[name] = row!.id
    }
    // Alpha won one and lost one (3 points); Bravo drew both of its (2); Delta won one and drew one (4).
    const results: [string, string, number, number][] = [
      ['Alpha', 'Charlie', 1, 0],
      ['Delta', 'Alpha', 1, 0],
      ['Bravo', 'Charlie', 0, 0],
      ['Bravo', 'Delta', 0, 0],
    ]
    for (const [i, [home, away, h, a]] of results.entries()) {
      await sql()`insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, source_key)
        values (${season!.id}, 'Matchday 1', ${`2026-08-0${i + 1}T18:00:00Z`}::timestamptz, ${clubs[home]!}, ${clubs[away]!}, 'finished', ${h}, ${a}, ${`test:rules:${body.id}:${i}`})`
    }
    const page = `/en/leagues/${body.id}?season=${seasonParam('2026/27')}`
    const order = async () => {
      const res = await fetchPage(unseenPath(page))
      // The rules come in the page's one statement, with its matches.
      expect(res.headers.get('x-db-queries')).toBe('1')
      const html = await res.text()
      const table = html.slice(html.indexOf('<table class="standings"'))
      return ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) => [name, table.indexOf(`<bdi>${name}</bdi>`)] as const).toSorted((x, y) => x[1] - y[1]).map(([name]) => name)
    }
    expect(await order()).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie'])
    const scope = await scopeVersion(`season:${season!.id}`)
    const zones = [
      { kind: 'champions', from: 1, to: 1 },
      { kind: 'relegation', from: 4, to: 4 },
    ]
    const draws = [{ ...RULES[0], from: '2026/27', points: { win: 3, draw: 2, loss: 0 }, zones }]
    const res = await callApi<DeskCompetition>(`desk/competitions/${body.id}`, { method: 'PATCH', body: { rules: draws }, bearer: editor.token })
    expect(res.status).toBe(200)
    // Two points a draw: Delta 5, Bravo 4, Alpha 3, Charlie 2.
    expect(await order()).toEqual(['Delta', 'Bravo', 'Alpha', 'Charlie'])
    expect(await scopeVersion(`season:${season!.id}`)).toBeGreaterThan(scope)
    // The zones: a mark on each of their rows, named for screen readers, and a legend with their places.
    const english = await (await fetchPage(unseenPath(page))).text()
    expect(english).toContain('<span class="standings-zone" data-zone="champions" role="img" aria-label="Champions"></span>1<')
    expect(english).toContain('data-zone="relegation" role="img" aria-label="Relegation"></span>4<')
    expect(english).toMatch(/aria-hidden="true"><\/span> 1: Champions<\/li>.*aria-hidden="true"><\/span> 4: Relegation<\/li>/s)
    const arabic = await (await fetchPage(unseenPath(page.replace('/en/', '/ar/')))).text()
    expect(arabic).toContain('4: الهبوط</li>')
    const [audit] = await auditOf(body.id, 'competition.update')
    expect(audit!.before!.rules).toBeNull()
    expect(audit!.after.rules![0]!.points).toEqual({ win: 3, draw: 2, loss: 0 })
    expect(audit!.after.seasons).toEqual(['2026/27'])
  })
})
