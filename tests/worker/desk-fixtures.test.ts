// Football made by hand (issue 34): a fixture at a time, a federation's list in bulk (dry run,
// all or nothing, sent twice), a match's fate and result without the live desk, and a match
// deleted only while nothing points at it; every refusal, and the audit of every change.
import { describe, expect, it } from 'vitest'
import type { DeskMatches } from '../../src/db/desk-matches.ts'
import { callApi } from './api-helpers.ts'
import { ownSeason, type Season } from './fixture-helpers.ts'
import { fetchPage, insertUserWithRole, scopeVersion, sql, unseenPath } from './helpers.ts'

const matchCount = async (seasonId: number) => Number((await sql()<{ n: string }[]>`select count(*)::text as n from matches where season_id = ${seasonId}`)[0]!.n)

async function auditOf(targetType: string, targetId: number): Promise<{ action: string; before: unknown; after: unknown }[]> {
  return sql()`select action, before, after from audit_log where target_type = ${targetType} and target_id = ${String(targetId)} order by id`
}

interface FixturesData {
  planned: number
  created: number
  matches: { line: number; id: string | null; kickoff: string; timeKnown: boolean; round: string | null; home: { id: string } }[]
  refused: { line: number; message: string; candidates: { id: string; name: { en: string } }[] }[]
}

function sendList(season: Season, csv: string, opts: { dryRun?: boolean; lang?: string; bearer?: string; contentType?: string } = {}) {
  return callApi<FixturesData>(`desk/seasons/${season.seasonId}/fixtures${opts.dryRun ? '?dry_run=1' : ''}`, {
    rawBody: csv,
    contentType: opts.contentType ?? 'text/csv',
    bearer: opts.bearer ?? season.editor.token,
    lang: opts.lang ?? 'en',
  })
}

function newMatch(season: Season, body: Record<string, unknown>, opts: { lang?: string; bearer?: string } = {}) {
  return callApi<{ id: number; kickoff: string; timeKnown: boolean }>('desk/matches', {
    body: { season_id: season.seasonId, home_club_id: season.clubs.ahly, away_club_id: season.clubs.zamalek, kickoff: '2026-12-12T20:00+02:00', ...body },
    bearer: opts.bearer ?? season.editor.token,
    lang: opts.lang ?? 'en',
  })
}

describe('POST /desk/matches', () => {
  it('adds a fixture at the instant its offset names, with its audit entry', async () => {
    const season = await ownSeason()
    const { status, body } = await newMatch(season, { round: 'Matchday 1', venue: 'Cairo Stadium' })
    expect(status).toBe(201)
    const match = body.data!
    expect(match).toMatchObject({ kickoff: '2026-12-12T18:00:00+00:00', timeKnown: true, status: 'scheduled', round: 'Matchday 1', venue: 'Cairo Stadium' })
    const [row] = await sql()<{ source_key: string }[]>`select source_key from matches where id = ${match.id}`
    expect(row!.source_key).toMatch(/^desk:[0-9a-f-]{36}$/)
    expect(await auditOf('match', match.id)).toEqual([{ action: 'match.create', before: null, after: expect.objectContaining({ id: match.id }) }])
  })

  it.each([
    ['a club playing itself', { away_club_id: 'ahly' }, 'away_club_id', 'A club cannot play itself.', 'لا يلعب نادٍ ضد نفسه.'],
    ['a kick-off without an offset', { kickoff: '2026-12-12T20:00' }, 'kickoff', 'Please enter a date and time with its offset from UTC, such as 2026-12-12T20:00+02:00.', 'يرجى إدخال التاريخ والوقت مع فرقه عن التوقيت العالمي، مثل 2026-12-12T20:00+02:00.'],
    ['a day that is not one', { kickoff: '2026-02-30T20:00Z' }, 'kickoff', null, null],
    ['an unknown club', { home_club_id: 9_007_199_254_740_991 }, 'home_club_id', 'There is no club with this id.', 'لا يوجد نادٍ بهذا المعرّف.'],
    ['an unknown season', { season_id: 9_007_199_254_740_991 }, 'season_id', 'There is no season with this id.', 'لا يوجد موسم بهذا المعرّف.'],
    ['a NUL in the round', { round: 'Round\u00001' }, 'round', null, null],
    ['a round too long', { round: 'x'.repeat(101) }, 'round', null, null],
  ])('refuses %s with a 422 naming the field, in both languages', async (_, change, field, en, ar) => {
    const season = await ownSeason()
    const body: Record<string, unknown> = { ...change, ...('away_club_id' in change && { away_club_id: season.clubs.ahly }) }
    const answers = { en: await newMatch(season, body, { lang: 'en' }), ar: await newMatch(season, body, { lang: 'ar' }) }
    for (const [lang, answer] of Object.entries(answers)) {
      expect(answer.status, lang).toBe(422)
      expect(Object.keys(answer.body.errors!)).toEqual([field])
    }
    if (en) expect(answers.en.body.errors![field]).toBe(en)
    if (ar) expect(answers.ar.body.errors![field]).toBe(ar)
    expect(answers.en.body.errors![field]).not.toBe(answers.ar.body.errors![field])
    expect(await matchCount(season.seasonId)).toBe(0)
  })

  it('refuses a lone surrogate and malformed JSON without a 500', async () => {
    const season = await ownSeason()
    const lone = await callApi('desk/matches', {
      rawBody: `{"season_id":${season.seasonId},"home_club_id":${season.clubs.ahly},"away_club_id":${season.clubs.zamalek},"kickoff":"2026-12-12T20:00Z","venue":"\\ud800"}`,
      bearer: season.editor.token,
    })
    expect(lone.status).toBe(422)
    expect(Object.keys(lone.body.errors!)).toEqual(['venue'])
    expect((await callApi('desk/matches', { rawBody: '{"season_id":', bearer: season.editor.token })).status).toBe(400)
  })

  it('is for editors: contributors and readers get a 403, a visitor a 401', async () => {
    const season = await ownSeason()
    for (const role of ['reader', 'contributor'] as const) {
      const user = await insertUserWithRole(role)
      expect((await newMatch(season, {}, { bearer: user.token })).status).toBe(403)
      expect((await sendList(season, 'x', { bearer: user.token })).status).toBe(403)
    }
    expect((await callApi('desk/matches', { body: {} })).status).toBe(401)
    expect(await matchCount(season.seasonId)).toBe(0)
  })
})

describe('POST /desk/seasons/{id}/fixtures', () => {
  const listOf = (s: Season) =>
    [
      'date,time,home,away,round,venue',
      // Hamza, alef maqsura and ta marbuta written otherwise than the clubs' names are.
      `2026-12-12,20:00,الاهلى ${s.tag},الزمالك ${s.tag},Matchday 1,Cairo Stadium`,
      `2026-12-12,,الاسماعيلى ${s.tag},الشرطه ${s.tag},Matchday 1,`,
      // An alias, and a venue with a comma in quotes.
      `19/12/2026,18:30,White Knights ${s.tag},Ahly ${s.tag},Matchday 2,"Borg El Arab, Alexandria"`,
    ].join('\n')

  it('checks a list in a dry run, writing nothing and naming the clubs an unknown name might mean', async () => {
    const season = await ownSeason()
    const list = `${listOf(season)}\n2026-12-26,20:00,Zamalik ${season.tag},Police ${season.tag},Matchday 3,`
    const { status, body } = await sendList(season, list, { dryRun: true })
    expect(status).toBe(200)
    const data = body.data!
    expect({ planned: data.planned, created: data.created }).toEqual({ planned: 3, created: 0 })
    expect(data.matches.map((m) => [m.line, m.id, m.kickoff, m.timeKnown])).toEqual([
      [2, null, '2026-12-12T18:00:00.000Z', true],
      // No time: noon in Cairo keeps the day; the page shows the date alone.
      [3, null, '2026-12-12T10:00:00.000Z', false],
      [4, null, '2026-12-19T16:30:00.000Z', true],
    ])
    expect(data.refused).toEqual([{ line: 5, message: `No club goes by “Zamalik ${season.tag}”.`, candidates: expect.any(Array) }])
    // The nearest name first, in both languages.
    expect(data.refused[0]!.candidates[0]).toEqual({ id: String(season.clubs.zamalek), name: { en: `Zamalek ${season.tag}`, ar: `الزمالك ${season.tag}` } })
    expect(data.refused[0]!.candidates.length).toBeLessThanOrEqual(3)
    expect(await matchCount(season.seasonId)).toBe(0)
    expect(await auditOf('season', season.seasonId)).toEqual([])
  })

  it('writes all lines or none: a refused line makes it a 422 with the refusals, in both languages', async () => {
    const season = await ownSeason()
    const list = `${listOf(season)}\n2026-12-26,25:00,Zamalek ${season.tag},Zamalek ${season.tag},,\n2026-12-26,20:00,Ahly ${season.tag},Ahly ${season.tag},,`
    const en = await sendList(season, list)
    expect(en.status).toBe(422)
    expect(en.body.data!.refused.map((r) => [r.line, r.message])).toEqual([
      [5, 'The time is not a time: please write it as 20:00, or leave it blank while it is not known.'],
      [6, 'A club cannot play itself.'],
    ])
    const ar = await sendList(season, list, { lang: 'ar' })
    expect(ar.status).toBe(422)
    expect(ar.body.data!.refused[1]!.message).toBe('لا يلعب نادٍ ضد نفسه.')
    expect(await matchCount(season.seasonId)).toBe(0)
  })

  it('makes every match of a list, and a second identical list makes none, answering the same ids', async () => {
    const season = await ownSeason()
    const first = await sendList(season, listOf(season))
    expect(first.status).toBe(201)
    expect({ planned: first.body.data!.planned, created: first.body.data!.created }).toEqual({ planned: 3, created: 3 })
    const ids = first.body.data!.matches.map((m) => m.id)
    expect(ids.every((id) => /^\d+$/.test(id!))).toBe(true)
    const [venue] = await sql()<{ venue: string; home: string }[]>`select venue, home_club_id::text as home from matches where id = ${ids[2]!}`
    expect(venue).toEqual({ venue: 'Borg El Arab, Alexandria', home: String(season.clubs.zamalek) })
    expect(await auditOf('season', season.seasonId)).toEqual([{ action: 'season.fixtures', before: null, after: { created: ids, lines: 3 } }])
    const again = await sendList(season, listOf(season))
    expect(again.status).toBe(200)
    expect({ planned: again.body.data!.planned, created: again.body.data!.created }).toEqual({ planned: 0, created: 0 })
    expect(again.body.data!.matches.map((m) => m.id)).toEqual(ids)
    expect(await matchCount(season.seasonId)).toBe(3)
  })

  it('takes a byte-order mark, mixed line ends and text/plain, and refuses a line given twice', async () => {
    const season = await ownSeason()
    const list = `\ufeffdate,time,home,away,round,venue\r\n2026-12-12,20:00,Ahly ${season.tag},Police ${season.tag},1,\r2026-12-13,20:00,Ismaily ${season.tag},Zamalek ${season.tag},1,\n2026-12-14,20:00,Ahly ${season.tag},Police ${season.tag},1,`
    const { status, body } = await sendList(season, list, { dryRun: true, contentType: 'text/plain; charset=utf-8' })
    expect(status).toBe(200)
    expect(body.data!.matches.map((m) => m.line)).toEqual([2, 3])
    expect(body.data!.refused.map((r) => [r.line, r.message])).toEqual([[4, 'This fixture is already on line 2.']])
  })

  it('refuses 10,000 lines with a 413 in both languages, another type with a 415, a NUL with a 422', async () => {
    const season = await ownSeason()
    const long = Array.from({ length: 10_000 }, (_, i) => `2026-12-12,20:00,A${i},B${i},,`).join('\n')
    const en = await sendList(season, long)
    const ar = await sendList(season, long, { lang: 'ar' })
    expect([en.status, ar.status]).toEqual([413, 413])
    expect(en.body.message).toBe('A list may hold at most 2000 lines. Please send it in parts.')
    expect(ar.body.message).not.toBe(en.body.message)
    expect((await sendList(season, listOf(season), { contentType: 'application/json' })).status).toBe(415)
    const nul = await sendList(season, `2026-12-12,20:00,Ahly ${season.tag}\u0000,Police ${season.tag},,`)
    expect(nul.status).toBe(422)
    expect(Object.keys(nul.body.errors!)).toEqual(['body'])
    expect((await callApi('desk/seasons/9007199254740991/fixtures', { rawBody: 'a', contentType: 'text/csv', bearer: season.editor.token })).status).toBe(404)
    expect(await matchCount(season.seasonId)).toBe(0)
  })
})

describe('PATCH /desk/matches/{id}', () => {
  /** A match of the season that kicked off four hours ago and has no result: it needs one. */
  async function awaitedMatch(season: Season): Promise<number> {
    const kickoff = new Date(Date.now() - 4 * 3600_000).toISOString()
    const { status, body } = await newMatch(season, { kickoff, round: 'Matchday 1' })
    expect(status).toBe(201)
    return body.data!.id
  }

  it('records a result: it leaves the needs-result list, counts in the table and is audited', async () => {
    const season = await ownSeason()
    const id = await awaitedMatch(season)
    const needs = async () => (await callApi<DeskMatches>(`desk/matches?needs=result&q=${season.tag}`, { bearer: season.editor.token })).body.data!.needsResult
    expect(await needs()).toHaveLength(1)
    const { status, body } = await callApi<{ status: string; ft: number[]; ht: number[] }>(`desk/matches/${id}`, {
      method: 'PATCH',
      body: { status: 'finished', score: { ft: [2, 1], ht: [1, 0] } },
      bearer: season.editor.token,
    })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ status: 'finished', ft: [2, 1], ht: [1, 0] })
    expect(await needs()).toEqual([])
    const table = await (await fetchPage(unseenPath(`/en/leagues/${season.competition}`))).text()
    // Ahly: played 1, won 1, drawn 0, lost 0.
    expect(table).toMatch(new RegExp(`Ahly ${season.tag}[\\s\\S]*?</th><td>1</td><td>1</td><td>0</td><td>0</td>`))
    const audit = await auditOf('match', id)
    expect(audit.at(-1)).toMatchObject({ action: 'match.state', before: { status: 'scheduled', ft: null }, after: { status: 'finished', ft: [2, 1] } })
  })

  it.each(['en', 'ar'] as const)('postpones a match with its reason, which its page shows in %s', async (lang) => {
    const season = await ownSeason()
    const id = await awaitedMatch(season)
    const reason = { en: 'Waterlogged pitch', ar: 'أرضية الملعب غارقة بالمياه' }
    const answer = await callApi(`desk/matches/${id}`, { method: 'PATCH', body: { status: 'postponed', reason }, bearer: season.editor.token })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ status: 'postponed', statusReason: reason })
    const page = await (await fetchPage(unseenPath(`/${lang}/matches/${id}`))).text()
    expect(page).toContain(`<p class="status-reason">${reason[lang]}</p>`)
    expect((await auditOf('match', id)).at(-1)).toMatchObject({ before: { reason: null }, after: { status: 'postponed', reason } })
  })

  it('awards a 3–0 with its reason, moves a kick-off and puts a match back on without its reason', async () => {
    const season = await ownSeason()
    const id = await awaitedMatch(season)
    const reason = { en: 'Forfeit: the away side did not travel', ar: 'انسحاب: الفريق الضيف لم يحضر' }
    const awarded = await callApi(`desk/matches/${id}`, { method: 'PATCH', body: { status: 'awarded', reason, score: { ft: [3, 0] } }, bearer: season.editor.token })
    expect(awarded.body.data).toMatchObject({ status: 'awarded', ft: [3, 0], ht: null, statusReason: reason })
    const moved = await callApi(`desk/matches/${id}`, {
      method: 'PATCH',
      body: { status: 'scheduled', kickoff: '2027-01-05T19:00+02:00', time_known: false },
      bearer: season.editor.token,
    })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ status: 'scheduled', ft: null, statusReason: null, kickoff: '2027-01-05T17:00:00+00:00', timeKnown: false })
  })

  it.each([
    ['a score of −1', { status: 'finished', score: { ft: [-1, 0] } }, 'score.ft.0'],
    ['a score of 1000', { status: 'finished', score: { ft: [0, 1000] } }, 'score.ft.1'],
    ['a result without its score', { status: 'finished' }, 'score'],
    ['a postponement without its reason', { status: 'postponed' }, 'reason'],
    ['a score for a postponed match', { status: 'postponed', reason: { ar: 'مطر', en: 'Rain' }, score: { ft: [1, 0] } }, 'score'],
    ['a reason for a result', { status: 'finished', reason: { ar: 'مطر', en: 'Rain' }, score: { ft: [1, 0] } }, 'reason'],
    ['a status the desk does not set', { status: 'live' }, 'status'],
    ['a kick-off without an offset', { kickoff: '2027-01-05 19:00' }, 'kickoff'],
    ['nothing at all', {}, 'body'],
  ])('refuses %s with a 422 naming the field', async (_, body, field) => {
    const season = await ownSeason()
    const id = await awaitedMatch(season)
    const answer = await callApi(`desk/matches/${id}`, { method: 'PATCH', body, bearer: season.editor.token })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors!)).toEqual([field])
  })

  it('answers 404 for a match that does not exist, and 403 to a contributor', async () => {
    const season = await ownSeason()
    const id = await awaitedMatch(season)
    const body = { status: 'finished', score: { ft: [1, 0] } }
    expect((await callApi('desk/matches/9007199254740991', { method: 'PATCH', body, bearer: season.editor.token })).status).toBe(404)
    const contributor = await insertUserWithRole('contributor')
    expect((await callApi(`desk/matches/${id}`, { method: 'PATCH', body, bearer: contributor.token })).status).toBe(403)
  })
})

describe('a hand-made match', () => {
  it('is on its day’s page and its club’s calendar, and its result renews its season’s edge scope', async () => {
    const season = await ownSeason()
    const { id } = (await newMatch(season, { kickoff: '2026-12-12T20:00+02:00', round: 'Matchday 1' })).body.data!
    const day = await (await fetchPage(unseenPath(`/ar/matches?date=2026-12-12&competition=${season.competition}`))).text()
    expect(day).toContain(`href="/ar/matches/${id}"`)
    expect(day).toContain(`<bdi>الأهلي ${season.tag}</bdi>`)
    const feed = await (await fetchPage(`/en/club/${season.clubs.ahly}/calendar.ics`)).text()
    expect(feed).toContain(`UID:match-${id}@`)
    const before = await scopeVersion(`season:${season.seasonId}`)
    await callApi(`desk/matches/${id}`, { method: 'PATCH', body: { status: 'finished', score: { ft: [1, 1] } }, bearer: season.editor.token })
    expect(await scopeVersion(`season:${season.seasonId}`)).toBeGreaterThan(before)
  })
})

describe('POST /desk/seasons/{id}/results', () => {
  it('finishes a round’s matches with their scores in one call, each audited, or none of them', async () => {
    const season = await ownSeason()
    const list = `2026-11-01,18:00,Ahly ${season.tag},Zamalek ${season.tag},1,\n2026-11-01,20:00,Ismaily ${season.tag},Police ${season.tag},1,`
    const ids = (await sendList(season, list)).body.data!.matches.map((m) => Number(m.id))
    const outsider = (await newMatch(await ownSeason(), {})).body.data!.id
    const post = (results: unknown[]) => callApi<{ id: number; status: string; ft: number[] }[]>(`desk/seasons/${season.seasonId}/results`, { body: { results }, bearer: season.editor.token, lang: 'en' })
    const foreign = await post([{ match_id: ids[0], ft: [1, 0] }, { match_id: outsider, ft: [0, 0] }])
    expect(foreign.status).toBe(422)
    expect(foreign.body.errors).toEqual({ 'results.1.match_id': 'This match is not in this season.' })
    expect((await post([{ match_id: ids[0], ft: [1, 0] }, { match_id: ids[0], ft: [0, 0] }])).body.errors).toEqual({ 'results.1.match_id': 'This match is in the list twice.' })
    expect(Object.keys((await post([{ match_id: ids[0], ft: [100, 0] }])).body.errors!)).toEqual(['results.0.ft.0'])
    expect(Object.keys((await post([])).body.errors!)).toEqual(['results'])
    const rows = () => sql()<{ status: string }[]>`select status from matches where season_id = ${season.seasonId} order by id`
    expect(await rows()).toEqual([{ status: 'scheduled' }, { status: 'scheduled' }])
    const saved = await post([{ match_id: ids[0], ft: [2, 2], ht: [1, 1] }, { match_id: ids[1], ft: [0, 3] }])
    expect(saved.status).toBe(200)
    expect(saved.body.data!.map((m) => [m.id, m.status, m.ft])).toEqual([[ids[0], 'finished', [2, 2]], [ids[1], 'finished', [0, 3]]])
    for (const id of ids) expect((await auditOf('match', id)).map((row) => row.action)).toEqual(['match.state'])
    const contributor = await insertUserWithRole('contributor')
    expect((await callApi(`desk/seasons/${season.seasonId}/results`, { body: { results: [] }, bearer: contributor.token })).status).toBe(403)
  })
})

describe('DELETE /desk/matches/{id}', () => {
  it('deletes a match nothing points at, with its audit entry, and refuses one a reader follows', async () => {
    const season = await ownSeason()
    const made = (await newMatch(season, {})).body.data!.id
    const followed = (await newMatch(season, { home_club_id: season.clubs.police })).body.data!.id
    const reader = await insertUserWithRole('reader')
    await sql()`insert into follows (user_id, type, match_id) values (${reader.id}, 'match', ${followed})`
    const gone = await fetchPage('/api/v1/desk/matches/' + made, { method: 'DELETE', headers: { authorization: `Bearer ${season.editor.token}` } })
    expect(gone.status).toBe(204)
    expect(await matchCount(season.seasonId)).toBe(1)
    expect((await auditOf('match', made)).map((row) => row.action)).toEqual(['match.create', 'match.delete'])
    const en = await callApi(`desk/matches/${followed}`, { method: 'DELETE', bearer: season.editor.token, lang: 'en' })
    expect(en.status).toBe(409)
    expect(en.body.message).toBe('This match cannot be deleted while readers who follow it point at it. Mark it cancelled instead.')
    const ar = await callApi(`desk/matches/${followed}`, { method: 'DELETE', bearer: season.editor.token, lang: 'ar' })
    expect(ar.body.message).not.toBe(en.body.message)
    expect((await callApi(`desk/matches/${made}`, { method: 'DELETE', bearer: season.editor.token })).status).toBe(404)
    const contributor = await insertUserWithRole('contributor')
    expect((await callApi(`desk/matches/${followed}`, { method: 'DELETE', bearer: contributor.token })).status).toBe(403)
  })

  it('refuses an imported match, which the next import would bring back', async () => {
    const season = await ownSeason()
    const [row] = await sql()<{ id: number }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season.seasonId}, now(), ${season.clubs.ahly}, ${season.clubs.police}, 'scheduled', ${`openfootball:test:${season.tag}`})
      returning id::int`
    const refused = await callApi(`desk/matches/${row!.id}`, { method: 'DELETE', bearer: season.editor.token, lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This match came from a data source, whose next import would bring it back. Mark it cancelled instead.')
    expect(await matchCount(season.seasonId)).toBe(1)
  })
})
