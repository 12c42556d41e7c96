// The fixtures screens (issue 34), in both languages and without a script: a season's page
// with its one-match form (the kick-off in the competition's zone) and its list box (Check,
// then Create), and a match's result-or-fate form, reached from the needs-result list.
import { describe, expect, it } from 'vitest'
import { ownSeason } from './fixture-helpers.ts'
import { insertUserWithRole, sql } from './helpers.ts'
import { pageText, signedIn } from './visitor.ts'

const matchesOf = (seasonId: number) =>
  sql()<{ id: number; kickoff: Date; status: string; ft_home: number | null; status_reason: unknown }[]>`
    select id::int, kickoff, status, ft_home, status_reason from matches where season_id = ${seasonId} order by kickoff, id`

describe('a season’s fixtures screen', () => {
  it.each([
    ['en', 'Add a match', 'Africa/Cairo'],
    ['ar', 'إضافة مباراة', 'Africa/Cairo'],
  ] as const)('offers a match and a list, naming the competition’s zone, in %s', async (lang, words, zone) => {
    const season = await ownSeason()
    const page = await pageText(signedIn(season.editor), `/${lang}/desk/seasons/${season.seasonId}/fixtures`)
    expect(page).toContain(words)
    expect(page).toContain(`<bdi dir="ltr">${zone}</bdi>`)
    expect(page).toContain('type="datetime-local"')
    expect(page).toContain('name="csv"')
    // Plain forms that post: nothing needs a script.
    expect(page).toContain(`action="/${lang}/desk/seasons/${season.seasonId}/fixtures/list"`)
  })

  it('is opened from the live desk’s season picker', async () => {
    const season = await ownSeason()
    const visitor = signedIn(season.editor)
    await sql()`insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season.seasonId}, now(), ${season.clubs.ahly}, ${season.clubs.police}, 'scheduled', ${`test:picker:${season.tag}`})`
    expect(await pageText(visitor, '/en/desk/matches')).toContain(`<option value="${season.seasonId}">Fixture League ${season.tag} 2026/27</option>`)
    const res = await visitor.get(`/en/desk/fixtures?season_id=${season.seasonId}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/en/desk/seasons/${season.seasonId}/fixtures`)
  })

  it('adds a match whose kick-off is typed in the competition’s zone, its clubs picked from the season’s by name', async () => {
    const season = await ownSeason()
    await sql()`insert into season_clubs (season_id, club_id) values (${season.seasonId}, ${season.clubs.ahly}), (${season.seasonId}, ${season.clubs.police})`
    const visitor = signedIn(season.editor)
    const form = await pageText(visitor, `/ar/desk/seasons/${season.seasonId}/fixtures`)
    expect(form).toContain(`<option value="${season.clubs.ahly}">الأهلي ${season.tag}</option>`)
    expect(form).not.toContain(`<option value="${season.clubs.zamalek}">`)
    const res = await visitor.post(`/en/desk/seasons/${season.seasonId}/fixtures/match`, {
      home_club_id: String(season.clubs.ahly),
      away_club_id: String(season.clubs.police),
      kickoff: '2026-12-12T20:00',
      time_known: '1',
      round: 'Matchday 1',
      venue: '',
    })
    expect(res.status).toBe(303)
    const [match] = await matchesOf(season.seasonId)
    expect(match!.kickoff.toISOString()).toBe('2026-12-12T18:00:00.000Z')
  })

  it('shows a club playing itself again with the API’s message on the field', async () => {
    const season = await ownSeason()
    const res = await signedIn(season.editor).post(`/ar/desk/seasons/${season.seasonId}/fixtures/match`, {
      home_club_id: String(season.clubs.ahly),
      away_club_id: String(season.clubs.ahly),
      kickoff: '2026-12-12T20:00',
      time_known: '1',
    })
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('لا يلعب نادٍ ضد نفسه.')
    expect(await matchesOf(season.seasonId)).toEqual([])
  })

  it('checks a list, showing the refused lines and the clubs they might mean, then creates it', async () => {
    const season = await ownSeason()
    const visitor = signedIn(season.editor)
    const path = `/en/desk/seasons/${season.seasonId}/fixtures/list`
    const bad = `2026-12-12,20:00,Ahly ${season.tag},Zamalik ${season.tag},1,\n2026-12-13,,Ismaily ${season.tag},Police ${season.tag},1,`
    const checked = await visitor.post(path, { csv: bad, dry_run: '1' })
    expect(checked.status).toBe(200)
    const page = await checked.text()
    expect(page).toContain(`No club goes by “Zamalik ${season.tag}”.`)
    expect(page).toContain(`<bdi>Zamalek ${season.tag}</bdi> (<bdi>الزمالك ${season.tag}</bdi>)`)
    expect(await matchesOf(season.seasonId)).toEqual([])
    const refused = await visitor.post(path, { csv: bad, dry_run: '0' })
    expect(refused.status).toBe(422)
    expect(await matchesOf(season.seasonId)).toEqual([])
    const good = bad.replace('Zamalik', 'Zamalek')
    const made = await visitor.post(path, { csv: good, dry_run: '0' })
    expect(made.status).toBe(303)
    expect(await matchesOf(season.seasonId)).toHaveLength(2)
  })
})

describe('a round’s results screen', () => {
  it.each(['en', 'ar'] as const)('saves every result of a round in one form, in %s', async (lang) => {
    const season = await ownSeason()
    const db = sql()
    const made = async (home: number, away: number, round: string) =>
      (await db<{ id: number }[]>`
        insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, source_key)
        values (${season.seasonId}, ${round}, now() - interval '1 day', ${home}, ${away}, 'scheduled', ${`test:round:${crypto.randomUUID()}`})
        returning id::int`)[0]!.id
    const first = await made(season.clubs.ahly, season.clubs.zamalek, 'Matchday 7')
    const second = await made(season.clubs.ismaily, season.clubs.police, 'Matchday 7')
    const visitor = signedIn(season.editor)
    const page = await pageText(visitor, `/${lang}/desk/seasons/${season.seasonId}/fixtures?round=Matchday%207`)
    expect(page).toContain(`name="ft.home.${first}"`)
    expect(page).toContain(`name="ft.away.${second}"`)
    const path = `/${lang}/desk/seasons/${season.seasonId}/fixtures/results`
    const bad = await visitor.post(path, { round: 'Matchday 7', [`ft.home.${first}`]: '1', [`ft.away.${first}`]: '-1' })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toContain(lang === 'en' ? 'Please enter a whole number from 0 to 99.' : 'يُرجى إدخال عدد صحيح من 0 إلى 99.')
    const saved = await visitor.post(path, { round: 'Matchday 7', [`ft.home.${first}`]: '1', [`ft.away.${first}`]: '0', [`ft.home.${second}`]: '2', [`ft.away.${second}`]: '2' })
    expect(saved.status).toBe(303)
    expect((await matchesOf(season.seasonId)).map((m) => [m.status, m.ft_home])).toEqual([
      ['finished', 1],
      ['finished', 2],
    ])
  })
})

describe('a match’s result-or-fate screen', () => {
  it.each(['en', 'ar'] as const)('is linked from the needs-result list and records a result, in %s', async (lang) => {
    const season = await ownSeason()
    const db = sql()
    const [row] = await db<{ id: number }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season.seasonId}, now() - interval '4 hours', ${season.clubs.ahly}, ${season.clubs.zamalek}, 'scheduled', ${`test:fate:${season.tag}`})
      returning id::int`
    const visitor = signedIn(season.editor)
    const list = await pageText(visitor, `/${lang}/desk/matches?needs=result&q=${season.tag}`)
    expect(list).toContain(`href="/${lang}/desk/matches/${row!.id}/fate"`)
    const form = await pageText(visitor, `/${lang}/desk/matches/${row!.id}/fate`)
    expect(form).toContain(lang === 'en' ? 'Full-time score' : 'النتيجة النهائية')
    const saved = await visitor.post(`/${lang}/desk/matches/${row!.id}/fate`, { status: 'finished', 'ft.home': '2', 'ft.away': '0', 'ht.home': '', 'ht.away': '' })
    expect(saved.status).toBe(303)
    expect((await matchesOf(season.seasonId))[0]).toMatchObject({ status: 'finished', ft_home: 2 })
    expect(await pageText(visitor, `/${lang}/desk/matches?needs=result&q=${season.tag}`)).not.toContain(`/desk/matches/${row!.id}/fate`)
  })

  it('shows a score of 1000 again with the message on its field, and postpones with a reason', async () => {
    const season = await ownSeason()
    const [row] = await sql()<{ id: number }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season.seasonId}, now() + interval '1 day', ${season.clubs.ahly}, ${season.clubs.zamalek}, 'scheduled', ${`test:fate:${season.tag}`})
      returning id::int`
    const visitor = signedIn(season.editor)
    const path = `/en/desk/matches/${row!.id}/fate`
    const bad = await visitor.post(path, { status: 'finished', 'ft.home': '1000', 'ft.away': '0' })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toContain('Please enter a whole number from 0 to 99.')
    const postponed = await visitor.post(path, { status: 'postponed', 'reason.ar': 'سوء الأحوال الجوية', 'reason.en': 'Bad weather' })
    expect(postponed.status).toBe(303)
    expect((await matchesOf(season.seasonId))[0]).toMatchObject({ status: 'postponed', status_reason: { ar: 'سوء الأحوال الجوية', en: 'Bad weather' } })
  })

  it('is for editors: a contributor gets the 403 page', async () => {
    const season = await ownSeason()
    const contributor = signedIn(await insertUserWithRole('contributor'))
    await pageText(contributor, `/en/desk/seasons/${season.seasonId}/fixtures`, 403)
  })
})
