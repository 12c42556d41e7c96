// Our own leagues (issue 34, section 1): editors make seasons, the clubs that play them, clubs
// and players no source carries, and squads, through the desk API. Each call is checked with
// its refusals in both languages and its audit row; a club's aliases bring a provider's later
// fixtures to the hand-made club, and a squad is what the live desk offers for a team sheet.
import { describe, expect, it } from 'vitest'
import type { DeskClub, DeskPlayer } from '../../src/db/desk-football.ts'
import type { CreatedSeason, SeasonClub, SquadMember } from '../../src/db/desk-seasons.ts'
import { writeFixtures } from '../../src/sync/fixture-writer.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, sql } from './helpers.ts'
import { deskVisitor } from './visitor.ts'

type Editor = Awaited<ReturnType<typeof deskVisitor>>['user']

const tag = () => crypto.randomUUID().slice(0, 8)

async function editor(): Promise<Editor> {
  return (await deskVisitor('editor')).user
}

async function competition(): Promise<string> {
  const id = `own.${tag()}`
  await sql()`insert into competitions (id, kind, name, short_name, country, timezone)
    values (${id}, 'league', ${sql().json({ en: `Own League ${id}`, ar: `دوري خاص ${id}` })}, ${sql().json({ en: id })}, 'EG', 'Africa/Cairo')`
  return id
}

/** The audit log is an admin's to read. */
async function audit(type: string, id: string): Promise<{ action: string; before: unknown; after: unknown }[]> {
  const { user } = await deskVisitor('admin')
  const found = await callApi<{ entries: { action: string; before: unknown; after: unknown }[] }>(`desk/audit?target_type=${type}&target_id=${encodeURIComponent(id)}`, { bearer: user.token })
  return found.body.data!.entries
}

async function newClub(user: Editor, en: string, ar: string, extra: Record<string, unknown> = {}): Promise<DeskClub> {
  const made = await callApi<DeskClub>('desk/clubs', { method: 'POST', bearer: user.token, body: { name: { en, ar }, country: 'EG', ...extra } })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body.data!
}

async function newSeason(user: Editor, label = '2026/27'): Promise<CreatedSeason> {
  const made = await callApi<CreatedSeason>('desk/seasons', { method: 'POST', bearer: user.token, body: { competition_id: await competition(), label } })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body.data!
}

describe('seasons at the desk', () => {
  it('creates a competition’s season, audited, and lists it before its first match', async () => {
    const user = await editor()
    const id = await competition()
    const made = await callApi<CreatedSeason>('desk/seasons', { method: 'POST', bearer: user.token, body: { competition_id: id, label: '2026/27' } })
    expect(made.status).toBe(201)
    expect(made.body.data).toEqual({ id: expect.any(String), label: '2026/27', competition: { id, name: expect.objectContaining({ ar: `دوري خاص ${id}` }) } })
    const listed = await callApi<{ id: string }[]>('desk/seasons', { bearer: user.token })
    expect(listed.body.data!.map((s) => s.id)).toContain(made.body.data!.id)
    expect((await audit('season', made.body.data!.id)).map((e) => e.action)).toEqual(['season.create'])
    // A tournament's season is its year.
    expect((await callApi('desk/seasons', { method: 'POST', bearer: user.token, body: { competition_id: id, label: '2027' } })).status).toBe(201)
  })

  it.each([
    ['en', 'Please write the season as its years, such as 2026/27, or its year for a tournament, such as 2026.'],
    ['ar', 'يرجى كتابة الموسم بسنتيه، مثل 2026/27، أو بسنته للبطولة، مثل 2026.'],
  ] as const)('refuses a label such as 2026-27 or 2026/28, an unknown competition and a second 2026/27, in %s', async (lang, words) => {
    const user = await editor()
    const id = await competition()
    for (const label of ['2026-27', '2026/28', '26/27', '2026/27\u0000', 7]) {
      const refused = await callApi('desk/seasons', { method: 'POST', bearer: user.token, lang, body: { competition_id: id, label } })
      expect(refused.status, String(label)).toBe(422)
      if (typeof label === 'string' && !label.includes('\u0000')) expect(refused.body.errors).toEqual({ label: words })
    }
    const unknown = await callApi('desk/seasons', { method: 'POST', bearer: user.token, lang, body: { competition_id: 'no.such', label: '2026/27' } })
    expect(Object.keys(unknown.body.errors ?? {})).toEqual(['competition_id'])
    expect((await callApi('desk/seasons', { method: 'POST', bearer: user.token, body: { competition_id: id, label: '2026/27' } })).status).toBe(201)
    const twice = await callApi('desk/seasons', { method: 'POST', bearer: user.token, lang, body: { competition_id: id, label: '2026/27' } })
    expect([twice.status, Object.keys(twice.body.errors ?? {})]).toEqual([422, ['label']])
  })

  it('names the clubs that play a season, refusing unknown ids, repeats and dropping a club with a match there', async () => {
    const user = await editor()
    const season = await newSeason(user)
    const t = tag()
    const [a, b, c] = [await newClub(user, `Alpha ${t}`, `ألفا ${t}`), await newClub(user, `Beta ${t}`, `بيتا ${t}`), await newClub(user, `Gamma ${t}`, `غاما ${t}`)]
    const path = `desk/seasons/${season.id}/clubs`
    const put = await callApi<SeasonClub[]>(path, { method: 'PUT', bearer: user.token, body: [a.id, Number(b.id), c.id] })
    expect(put.status).toBe(200)
    expect(put.body.data!.map((club) => club.id)).toEqual([a.id, b.id, c.id])
    expect((await callApi<SeasonClub[]>(path, { bearer: user.token })).body.data).toEqual(put.body.data)
    expect((await audit('season', season.id)).map((e) => e.action)).toEqual(['season.clubs', 'season.create'])

    expect((await callApi(path, { method: 'PUT', bearer: user.token, body: [a.id, '999999999'] })).body.errors).toEqual({ 1: expect.any(String) })
    expect((await callApi(path, { method: 'PUT', bearer: user.token, body: [a.id, a.id] })).body.errors).toEqual({ 1: expect.any(String) })
    expect((await callApi(path, { method: 'PUT', bearer: user.token, body: { clubs: [a.id] } })).status).toBe(422)
    expect((await callApi('desk/seasons/999999999/clubs', { method: 'PUT', bearer: user.token, body: [] })).status).toBe(404)

    await sql()`insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season.id}, now() + interval '3 days', ${a.id}, ${b.id}, 'scheduled', ${`test:own:${t}`})`
    const dropped = await callApi(path, { method: 'PUT', bearer: user.token, body: [a.id, c.id] })
    expect([dropped.status, Object.keys(dropped.body.errors ?? {})]).toEqual([422, ['body']])
    const kept = await callApi<SeasonClub[]>(path, { method: 'PUT', bearer: user.token, body: [a.id, b.id] })
    expect(kept.body.data!.map((club) => [club.id, club.playing])).toEqual([[a.id, true], [b.id, true]])
  })
})

describe('clubs and players at the desk', () => {
  it('creates a club with its stadium and aliases; a provider that names an alias brings its fixture to this club', async () => {
    const user = await editor()
    const t = tag()
    const club = await newClub(user, `Nile Stars ${t}`, `نجوم النيل ${t}`, {
      short_name: { en: `Stars ${t}`, ar: `النجوم ${t}` },
      stadium: { name: { en: `Aswan Stadium ${t}`, ar: `ملعب أسوان ${t}` }, city: { en: 'Aswan', ar: 'أسوان' } },
      aliases: [`Nile Stars SC ${t}`, `Nogoom El Nil ${t}`],
    })
    expect(club).toEqual(expect.objectContaining({ name: { en: `Nile Stars ${t}`, ar: `نجوم النيل ${t}` }, shortName: { en: `Stars ${t}`, ar: `النجوم ${t}` } }))
    expect(club.aliases).toEqual(expect.arrayContaining([`Nile Stars SC ${t}`, `Nogoom El Nil ${t}`, `نجوم النيل ${t}`]))
    const [ground] = await sql()<{ names: unknown; cities: unknown; country: string }[]>`
      select st.names, st.cities, k.country from clubs k join stadiums st on st.id = k.stadium_id where k.id = ${club.id}`
    expect(ground).toEqual({ names: { en: `Aswan Stadium ${t}`, ar: `ملعب أسوان ${t}` }, cities: { en: 'Aswan', ar: 'أسوان' }, country: 'EG' })
    expect((await audit('club', club.id)).map((e) => e.action)).toEqual(['club.create'])
    // Its page names the ground in the reader's language.
    expect(await (await fetchPage(`/ar/club/${club.id}`)).text()).toContain(`<bdi>ملعب أسوان ${t}</bdi>`)
    expect(await (await fetchPage(`/en/club/${club.id}`)).text()).toContain(`<bdi>Aswan Stadium ${t}</bdi>`)
    // Search finds it in both languages.
    for (const [lang, q] of [['ar', `نجوم النيل ${t}`], ['en', `Nile Stars ${t}`]] as const) {
      expect(await (await fetchPage(`/${lang}/search?q=${encodeURIComponent(q)}`)).text(), q).toContain(`href="/${lang}/club/${club.id}"`)
    }

    // An alias is one club's: a second club cannot take it.
    const taken = await callApi('desk/clubs', { method: 'POST', bearer: user.token, body: { name: { en: `Other ${t}`, ar: `آخر ${t}` }, country: 'EG', aliases: [`NILE STARS sc ${t}`] } })
    expect([taken.status, Object.keys(taken.body.errors ?? {})]).toEqual([422, ['aliases']])

    // A provider's fixture naming the alias lands on the hand-made club, never a second one.
    const season = await newSeason(user)
    const rival = await newClub(user, `Delta ${t}`, `الدلتا ${t}`)
    const outcome = await writeFixtures(sql(), [{
      source: 'football-data', externalId: `own-${t}`, competitionId: season.competition.id, season: '2026/27', round: 'Matchday 1',
      kickoff: '2026-12-12T18:00:00Z', kickoffTimeKnown: true, home: [`Nogoom El Nil ${t}`], away: [`Delta ${t}`],
      status: 'scheduled', ft: null, ht: null, pen: null,
    }], async () => {})
    expect(outcome.queued).toBe(0)
    const [match] = await sql()<{ home: string; away: string }[]>`select home_club_id::text as home, away_club_id::text as away from matches where season_id = ${season.id}`
    expect(match).toEqual({ home: club.id, away: rival.id })
  })

  it('links a provider’s later fixture to the match an editor made, whose values win', async () => {
    const user = await editor()
    const t = tag()
    const season = await newSeason(user)
    const [home, away] = [await newClub(user, `Canal ${t}`, `القناة ${t}`), await newClub(user, `Oasis ${t}`, `الواحة ${t}`)]
    const [match] = await sql()<{ id: number }[]>`insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season.id}, 'Matchday 3', '2026-12-12T18:00:00Z', ${home.id}, ${away.id}, 'scheduled', ${`desk:${crypto.randomUUID()}`}) returning id::int`
    const fixture = {
      source: 'football-data' as const, externalId: `made-${t}`, competitionId: season.competition.id, season: '2026/27', round: 'Matchday 3',
      kickoff: '2026-12-13T17:00:00Z', kickoffTimeKnown: true, home: [`Canal ${t}`], away: [`Oasis ${t}`],
      status: 'scheduled' as const, ft: null, ht: null, pen: null,
    }
    const outcome = await writeFixtures(sql(), [fixture], async () => {})
    expect([outcome.created, outcome.held]).toEqual([0, 1])
    expect(outcome.conflicts).toEqual([{ match: match!.id, fields: { kickoff: expect.objectContaining({ theirs: '2026-12-13T17:00:00.000Z' }) } }])
    const [row] = await sql()<{ kickoff: Date; linked: boolean }[]>`select kickoff, exists (select 1 from sync_match_links l where l.match_id = m.id) as linked from matches m where id = ${match!.id}`
    expect(row).toEqual({ kickoff: new Date('2026-12-12T18:00:00Z'), linked: true })
    // The same fixture again finds the same match by its link.
    expect((await writeFixtures(sql(), [fixture], async () => {})).created).toBe(0)
  })

  it('takes a crest from the media library only when it is an image there', async () => {
    const user = await editor()
    const t = tag()
    const refused = await callApi('desk/clubs', { method: 'POST', bearer: user.token, body: { name: { en: `Crestless ${t}`, ar: `بلا شعار ${t}` }, country: 'EG', crest: 999999999 } })
    expect([refused.status, Object.keys(refused.body.errors ?? {})]).toEqual([422, ['crest']])
  })

  it.each(['en', 'ar'] as const)('refuses a club without both names, a country no one has, NUL bytes and lone surrogates, naming the field, in %s', async (lang) => {
    const user = await editor()
    const cases: [unknown, string][] = [
      [{ name: { en: 'Only English' }, country: 'EG' }, 'name.ar'],
      [{ name: { en: 'A', ar: 'أ' }, country: 'XX' }, 'country'],
      [{ name: { en: 'A\u0000B', ar: 'أ' }, country: 'EG' }, 'name.en'],
      [{ name: { en: 'A', ar: 'أ' }, country: 'EG', aliases: ['x'.repeat(101)] }, 'aliases.0'],
      [{ name: { en: 'A', ar: 'أ' }, country: 'EG', stadium: { name: { en: 'S' } } }, 'stadium.name.ar'],
    ]
    for (const [body, field] of cases) {
      const refused = await callApi('desk/clubs', { method: 'POST', bearer: user.token, lang, body })
      expect([refused.status, Object.keys(refused.body.errors ?? {})], field).toEqual([422, [field]])
    }
    const surrogate = await callApi('desk/clubs', { method: 'POST', bearer: user.token, lang, rawBody: '{"name":{"en":"\\ud800","ar":"أ"},"country":"EG"}' })
    expect(surrogate.status).toBe(422)
  })

  it('creates a player with nationality, position and birth date, and refuses impossible ones', async () => {
    const user = await editor()
    const t = tag()
    const made = await callApi<DeskPlayer>('desk/players', { method: 'POST', bearer: user.token, body: { name: { en: `Omar Test ${t}`, ar: `عمر تجربة ${t}` }, nationality: 'eg', position: 'FW', born: '2001-05-04' } })
    expect(made.status).toBe(201)
    expect(made.body.data).toEqual(expect.objectContaining({ name: { en: `Omar Test ${t}`, ar: `عمر تجربة ${t}` }, nationality: 'EG', position: 'FW', born: '2001-05-04' }))
    expect((await audit('player', made.body.data!.id)).map((e) => e.action)).toEqual(['player.create'])
    for (const [body, field] of [
      [{ name: { en: 'P', ar: 'ب' }, born: '2001-02-30' }, 'born'],
      [{ name: { en: 'P', ar: 'ب' }, born: '1890-01-01' }, 'born'],
      [{ name: { en: 'P', ar: 'ب' }, position: 'ST' }, 'position'],
      [{ name: { en: 'P', ar: 'ب' }, nationality: 'Egypt' }, 'nationality'],
      [{ name: { en: 'P', ar: 'ب' }, photo: -1 }, 'photo'],
    ] as const) {
      const refused = await callApi('desk/players', { method: 'POST', bearer: user.token, body })
      expect([refused.status, Object.keys(refused.body.errors ?? {})], field).toEqual([422, [field]])
    }
  })
})

describe('squads at the desk', () => {
  it('sets a club’s squad for a season, which the live desk then offers for its team sheet', async () => {
    const user = await editor()
    const t = tag()
    const season = await newSeason(user)
    const [home, away] = [await newClub(user, `Home ${t}`, `المضيف ${t}`), await newClub(user, `Away ${t}`, `الضيف ${t}`)]
    await callApi(`desk/seasons/${season.id}/clubs`, { method: 'PUT', bearer: user.token, body: [home.id, away.id] })
    const player = async (en: string, position: string) =>
      (await callApi<DeskPlayer>('desk/players', { method: 'POST', bearer: user.token, body: { name: { en: `${en} ${t}`, ar: `${en} ${t}` }, position } })).body.data!.id
    const [keeper, striker, spare] = [await player('Keeper', 'GK'), await player('Striker', 'FW'), await player('Spare', 'MF')]
    const path = `desk/seasons/${season.id}/clubs/${home.id}/squad`
    const set = await callApi<SquadMember[]>(path, { method: 'PUT', bearer: user.token, body: [{ player_id: striker, shirt_number: 9 }, { player_id: keeper, shirt_number: 1 }, { player_id: spare }] })
    expect(set.status).toBe(200)
    expect(set.body.data!.map((m) => [m.player.id, m.shirtNumber, m.player.position])).toEqual([[keeper, 1, 'GK'], [striker, 9, 'FW'], [spare, null, 'MF']])
    // The list is the squad: a player left out leaves it.
    const trimmed = await callApi<SquadMember[]>(path, { method: 'PUT', bearer: user.token, body: [{ player_id: keeper, shirt_number: 1 }, { player_id: striker, shirt_number: 10 }] })
    expect(trimmed.body.data!.map((m) => [m.player.id, m.shirtNumber])).toEqual([[keeper, 1], [striker, 10]])
    expect((await audit('season', `${season.id}:${home.id}`)).map((e) => e.action)).toEqual(['squad.update', 'squad.update'])

    const [match] = await sql()<{ id: number }[]>`insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season.id}, now() + interval '1 day', ${home.id}, ${away.id}, 'scheduled', ${`test:squad:${t}`}) returning id::int`
    const desk = await callApi<{ squads: { home: { id: number }[]; away: unknown[] } }>(`desk/matches/${match!.id}`, { bearer: user.token })
    expect(desk.body.data!.squads.home.map((p) => String(p.id))).toEqual([keeper, striker])
    expect(desk.body.data!.squads.away).toEqual([])
  })

  it('refuses a repeated player or shirt, an unknown player, a player of another squad, and a club not in the season', async () => {
    const user = await editor()
    const t = tag()
    const season = await newSeason(user)
    const [home, away, outsider] = [await newClub(user, `H ${t}`, `هـ ${t}`), await newClub(user, `A ${t}`, `أ ${t}`), await newClub(user, `O ${t}`, `و ${t}`)]
    await callApi(`desk/seasons/${season.id}/clubs`, { method: 'PUT', bearer: user.token, body: [home.id, away.id] })
    const one = (await callApi<DeskPlayer>('desk/players', { method: 'POST', bearer: user.token, body: { name: { en: `One ${t}`, ar: `واحد ${t}` } } })).body.data!.id
    const two = (await callApi<DeskPlayer>('desk/players', { method: 'POST', bearer: user.token, body: { name: { en: `Two ${t}`, ar: `اثنان ${t}` } } })).body.data!.id
    const path = `desk/seasons/${season.id}/clubs/${home.id}/squad`
    const errors = async (body: unknown, at = path) => (await callApi(at, { method: 'PUT', bearer: user.token, body })).body.errors
    expect(await errors([{ player_id: one }, { player_id: one }])).toEqual({ '1.player_id': expect.any(String) })
    expect(await errors([{ player_id: one, shirt_number: 7 }, { player_id: two, shirt_number: 7 }])).toEqual({ '1.shirt_number': expect.any(String) })
    expect(await errors([{ player_id: one, shirt_number: 100 }])).toEqual({ '0.shirt_number': expect.any(String) })
    expect(await errors([{ player_id: '999999999' }])).toEqual({ '0.player_id': expect.any(String) })
    expect((await callApi(path, { method: 'PUT', bearer: user.token, body: [{ player_id: one }] })).status).toBe(200)
    expect(await errors([{ player_id: two }, { player_id: one }], `desk/seasons/${season.id}/clubs/${away.id}/squad`)).toEqual({ '1.player_id': expect.any(String) })
    expect((await callApi(`desk/seasons/${season.id}/clubs/${outsider.id}/squad`, { method: 'PUT', bearer: user.token, body: [] })).status).toBe(404)
    expect((await callApi(`desk/seasons/${season.id}/clubs/${outsider.id}/squad`, { bearer: user.token })).status).toBe(404)
  })
})

describe('who may make football', () => {
  it('refuses readers and contributors with a 403 and strangers with a 401, on every call', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', 'desk/seasons', { competition_id: 'eg.1', label: '2030/31' }],
      ['PUT', 'desk/seasons/1/clubs', []],
      ['PUT', 'desk/seasons/1/clubs/1/squad', []],
      ['POST', 'desk/clubs', { name: { en: 'X', ar: 'س' }, country: 'EG' }],
      ['POST', 'desk/players', { name: { en: 'X', ar: 'س' } }],
    ]
    for (const role of ['reader', 'contributor'] as const) {
      const { user } = await deskVisitor(role)
      for (const [method, path, body] of calls) expect((await callApi(path, { method, bearer: user.token, body })).status, `${role} ${path}`).toBe(403)
    }
    for (const [method, path, body] of calls) expect((await callApi(path, { method, body })).status, path).toBe(401)
  })
})
