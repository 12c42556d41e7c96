// The desk's football corrections as a browser uses them, in both languages: clubs and
// players found and corrected (the public page shows a correction at once, through the edge
// cache), a club merged into another, a points deduction recorded from its form, and the
// conflicts an import met settled. Forms post without JavaScript: a 303 with a toast, or
// the screen again with the API's words on the field.
import { describe, expect, it } from 'vitest'
import { mergeClubs } from '../../src/db/club-merge.ts'
import { callApi } from './api-helpers.ts'
import { scope } from '../../src/http/page-scopes.ts'
import { fetchPage, insertUserWithRole, scopeVersion, sql } from './helpers.ts'
import { deskVisitor, pageText } from './visitor.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

/** A club of the test's own, so its corrections and merges touch no other test's data. */
async function newClub(en = `Test Club ${unique()}`, ar = `نادي الاختبار ${unique()}`): Promise<{ id: string; en: string; ar: string }> {
  const [row] = await sql()<{ id: string }[]>`
    insert into clubs (name, short_name, source_key) values (${sql().json({ en, ar })}, ${sql().json({ en: en.slice(-8) })}, ${`test:${unique()}`})
    returning id::text`
  return { id: row!.id, en, ar }
}

async function newPlayer(clubId: string): Promise<string> {
  const [row] = await sql()<{ id: string }[]>`
    insert into players (name, position, shirt_number, club_id, source_key)
    values (${sql().json({ en: `Test Player ${unique()}` })}, 'MF', 8, ${clubId}, ${`test:${unique()}`}) returning id::text`
  return row!.id
}


describe('the football screens', () => {
  it.each(['ar', 'en'] as const)('render for an editor in %s', async (lang) => {
    const { visitor } = await deskVisitor('editor')
    const club = await newClub()
    const player = await newPlayer(club.id)
    for (const path of ['clubs', `clubs?q=${encodeURIComponent(club.ar)}`, `clubs/${club.id}`, 'players', `players/${player}`, 'deductions', 'conflicts']) {
      const body = await pageText(visitor, `/${lang}/desk/${path}`)
      expect(body).toContain(`lang="${lang}"`)
    }
    const found = await pageText(visitor, `/${lang}/desk/clubs?q=${encodeURIComponent(club.ar.slice(-8))}`)
    expect(found).toContain(`href="/${lang}/desk/clubs/${club.id}"`)
    const editor = await pageText(visitor, `/${lang}/desk/clubs/${club.id}`)
    // The Arabic fields write right to left, the English ones left to right.
    const input = (name: string) => editor.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0]
    expect(input('name\\.ar')).toContain('dir="rtl"')
    expect(input('name\\.en')).toContain('dir="ltr"')
  })

  it('refuses a contributor with the 403 page, and an unknown club with the 404 page', async () => {
    const { visitor } = await deskVisitor('contributor')
    for (const path of ['clubs', 'players', 'deductions', 'conflicts']) await pageText(visitor, `/en/desk/${path}`, 403)
    const editor = (await deskVisitor('editor')).visitor
    await pageText(editor, '/en/desk/clubs/999999999', 404)
    await pageText(editor, '/en/desk/clubs/abc', 404)
  })

  it('corrects a club’s Arabic name from the form, and the public page shows it at once', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const club = await newClub()
    // A reader's visit fills the edge cache with the old name.
    const reader = () => fetchPage(`/ar/club/${club.id}`)
    expect(await (await reader()).text()).toContain(club.ar)
    expect((await reader()).headers.get('x-cache')).toBe('HIT')
    const before = await scopeVersion(scope.site)
    const name = `الاسم المصحح ${unique()}`
    const res = await visitor.post(`/ar/desk/clubs/${club.id}/save`, { 'name.ar': name, 'name.en': club.en, 'short_name.ar': '', 'short_name.en': club.en.slice(-8), aliases: 'Alias One\nAlias One' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/ar/desk/clubs/${club.id}`)
    // A club's name shows on many pages: every kept page is renewed (decision 114).
    expect(await scopeVersion(scope.site)).toBeGreaterThan(before)
    const after = await reader()
    expect(after.headers.get('x-cache')).not.toBe('HIT')
    expect(await after.text()).toContain(name)
    // Only the field that changed is marked as corrected; the alias is listed.
    const [row] = await sql()<{ corrected: string[] }[]>`select corrected from clubs where id = ${club.id}`
    expect(row!.corrected).toEqual(['name.ar'])
    const editor = await pageText(visitor, `/ar/desk/clubs/${club.id}`)
    expect(editor).toContain('Alias One')
    expect(editor).toContain('desk-corrected')
    const [entry] = await sql()<{ actor_id: string }[]>`select actor_id::text from audit_log where action = 'club.update' and target_id = ${club.id}`
    expect(entry!.actor_id).toBe(user.id)
  })

  it('says nothing changed when nothing did', async () => {
    const { visitor } = await deskVisitor('editor')
    const club = await newClub()
    const res = await visitor.post(`/en/desk/clubs/${club.id}/save`, { 'name.ar': club.ar, 'name.en': club.en, 'short_name.en': club.en.slice(-8) })
    expect(res.status).toBe(303)
    expect(await sql()`select 1 from audit_log where target_type = 'club' and target_id = ${club.id}`).toHaveLength(0)
  })

  it('shows the API’s 422 on the field that caused it, and a crest with its credit', async () => {
    const { visitor } = await deskVisitor('editor')
    const club = await newClub()
    const res = await visitor.post(`/en/desk/clubs/${club.id}/save`, {
      'name.ar': '',
      'name.en': club.en,
      'crest.src': 'javascript:alert(1)',
      'crest.credit': '',
      'crest.licence': 'CC BY-SA 4.0',
    })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(body).toMatch(/id="desk-name-ar-error"/)
    expect(body).toMatch(/id="desk-crest-src-error"/)
    expect(body).toMatch(/id="desk-crest-credit-error"/)
    // What was typed stays in the form.
    expect(body).toContain('CC BY-SA 4.0')

    const saved = await visitor.post(`/en/desk/clubs/${club.id}/save`, {
      'name.ar': club.ar,
      'name.en': club.en,
      'crest.src': 'https://upload.example.org/crest.svg',
      'crest.credit': 'Wikimedia Commons',
      'crest.licence': 'CC BY-SA 4.0',
    })
    expect(saved.status).toBe(303)
    const [row] = await sql()<{ crest: string; corrected: string[] }[]>`select crest, corrected from clubs where id = ${club.id}`
    expect(row).toEqual({ crest: 'https://upload.example.org/crest.svg', corrected: ['crest'] })
    const publicPage = await (await fetchPage(`/en/club/${club.id}`)).text()
    expect(publicPage).toContain('Wikimedia Commons')
  })

  it('edits a player: names, position, shirt number and photo, with 422 on a bad number', async () => {
    const { visitor } = await deskVisitor('editor')
    const club = await newClub()
    const id = await newPlayer(club.id)
    const bad = await visitor.post(`/ar/desk/players/${id}/save`, { 'name.ar': 'لاعب', shirt_number: '120', position: 'MF' })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toMatch(/id="desk-shirt_number-error"/)
    const res = await visitor.post(`/ar/desk/players/${id}/save`, {
      'name.ar': 'لاعب الاختبار',
      shirt_number: '10',
      position: 'FW',
      aliases: 'The Tester',
      'photo.src': '/assets/players/test.jpg',
      'photo.credit': 'Hadaf',
      'photo.licence': 'All rights reserved',
    })
    expect(res.status).toBe(303)
    const [row] = await sql()<Record<string, unknown>[]>`select name ->> 'ar' as ar, shirt_number, position, to_jsonb(aliases) as aliases, photo, photo_credit, corrected from players where id = ${id}`
    expect(row).toEqual({
      ar: 'لاعب الاختبار',
      shirt_number: 10,
      position: 'FW',
      aliases: ['The Tester'],
      photo: '/assets/players/test.jpg',
      photo_credit: 'Hadaf',
      corrected: ['name.ar', 'photo', 'position', 'shirt_number'],
    })
    expect(await (await fetchPage(`/en/player/${id}`)).text()).toContain('All rights reserved')
  })
})

/** Two clubs the importer failed to reconcile, with something of every kind pointing at the one to merge. */
async function clubsToMerge() {
  const db = sql()
  const from = await newClub()
  const into = await newClub()
  const rival = await newClub()
  const [season] = await db<{ id: string }[]>`select id::text from seasons order by id limit 1`
  const [match] = await db<{ id: string }[]>`
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, source_key)
    values (${season!.id}, now() - interval '3 days', ${from.id}, ${rival.id}, 'finished', 2, 1, ${`test:${unique()}`}) returning id::text`
  await db`insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
    values (${season!.id}, now() + interval '3 days', ${rival.id}, ${from.id}, 'scheduled', ${`test:${unique()}`})`
  const player = await newPlayer(from.id)
  await db`insert into lineups (match_id, side, starter, list_order, player_id, player_name) values (${match!.id}, 1, true, 0, ${player}, 'Merge Me')`
  await db`insert into squad_members (season_id, club_id, player_id) values (${season!.id}, ${from.id}, ${player})`
  await db`insert into club_aliases (alias_key, alias, club_id) values (${`test merge ${unique()}`}, 'FC Merge Me', ${from.id})`
  await db`insert into point_deductions (season_id, club_id, points, reason, source_url, source_key)
    values (${season!.id}, ${from.id}, 3, '{"ar": "سبب", "en": "Reason"}', 'https://example.org/d', ${`test:${unique()}`})`
  const [post] = await db<{ id: string }[]>`select id::text from posts where status = 'published' order by id limit 1`
  await db`insert into post_tags (post_id, club_id) values (${post!.id}, ${from.id})`
  return { from, into, rival, season: season!.id, player }
}

async function references(clubId: string): Promise<number> {
  const [row] = await sql()<{ n: number }[]>`
    select (select count(*) from matches where ${clubId}::bigint in (home_club_id, away_club_id))
      + (select count(*) from players where club_id = ${clubId}::bigint)
      + (select count(*) from squad_members where club_id = ${clubId}::bigint) + (select count(*) from post_tags where club_id = ${clubId}::bigint)
      + (select count(*) from point_deductions where club_id = ${clubId}::bigint) + (select count(*) from club_aliases where club_id = ${clubId}::bigint) as n`
  return Number(row!.n)
}

describe('merging two clubs', () => {
  it('reviews what moves, then moves every reference, keeps the names as aliases and sends the old page on', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const { from, into } = await clubsToMerge()
    const search = await pageText(visitor, `/en/desk/clubs/${from.id}?merge=${encodeURIComponent(into.en)}`)
    expect(search).toContain(`href="/en/desk/clubs/${from.id}/merge?into=${into.id}"`)
    const review = await pageText(visitor, `/en/desk/clubs/${from.id}/merge?into=${into.id}`)
    expect(review).toMatch(/<dt>Matches<\/dt><dd>2<\/dd>/)
    expect(review).toMatch(/<dt>Points deductions<\/dt><dd>1<\/dd>/)
    const tablesBefore = await sql()<{ version: string }[]>`select version::text from tables_version`
    const pagesBefore = await scopeVersion(scope.site)

    const res = await visitor.post(`/en/desk/clubs/${from.id}/merge`, { into: into.id })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/en/desk/clubs/${into.id}`)
    expect(await references(from.id)).toBe(0)
    expect(await references(into.id)).toBeGreaterThanOrEqual(8)
    expect(await sql()`select 1 from clubs where id = ${from.id}`).toHaveLength(0)
    const aliases = await sql()<{ alias: string }[]>`select alias from club_aliases where club_id = ${into.id}`
    expect(aliases.map((a) => a.alias)).toEqual(expect.arrayContaining(['FC Merge Me', from.en, from.ar]))
    // The standings and the pages are worked out again (decisions 073 and 114).
    const [tablesAfter] = await sql()<{ version: string }[]>`select version::text from tables_version`
    expect(Number(tablesAfter!.version)).toBeGreaterThan(Number(tablesBefore[0]!.version))
    expect(await scopeVersion(scope.site)).toBeGreaterThan(pagesBefore)
    const old = await fetchPage(`/ar/club/${from.id}`)
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/ar/club/${into.id}`)
    const [entry] = await sql()<{ actor_id: string; target_id: string }[]>`select actor_id::text, target_id from audit_log where action = 'club.merge' and target_id = ${into.id}`
    expect(entry).toEqual({ actor_id: user.id, target_id: into.id })
  })

  it('refuses a merge into itself (409), unknown clubs (404, 422) and a contributor (403)', async () => {
    const { visitor } = await deskVisitor('editor')
    const club = await newClub()
    const self = await visitor.post(`/en/desk/clubs/${club.id}/merge`, { into: club.id })
    expect(self.status).toBe(409)
    expect(await self.text()).toContain('cannot be merged into itself')
    const editor = await insertUserWithRole('editor')
    const call = (path: string, body: unknown, token = editor.token) =>
      fetchPage(`/api/v1/desk/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await call(`clubs/${club.id}/merge`, { into: Number(club.id) })).status).toBe(409)
    expect((await call('clubs/999999999/merge', { into: Number(club.id) })).status).toBe(404)
    expect((await call(`clubs/${club.id}/merge`, { into: 999_999_999 })).status).toBe(422)
    expect((await call(`clubs/${club.id}/merge`, { into: 'x' })).status).toBe(422)
    const contributor = await insertUserWithRole('contributor')
    expect((await call(`clubs/${club.id}/merge`, { into: 1 }, contributor.token)).status).toBe(403)
  })

  it('leaves nothing changed when a step of the merge fails', async () => {
    const { user } = await deskVisitor('editor')
    const { from, into } = await clubsToMerge()
    const before = await references(from.id)
    // The last step, deleting the merged club, fails: everything before it must roll back.
    await sql().unsafe(`create or replace function test_refuse_delete() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`)
    await sql().unsafe(`create trigger test_refuse_delete before delete on clubs for each row when (old.id = ${Number(from.id)}) execute function test_refuse_delete()`)
    try {
      await expect(mergeClubs(sql(), Number(from.id), Number(into.id), user.id)).rejects.toThrow(/refused for the test/)
    } finally {
      await sql().unsafe('drop trigger test_refuse_delete on clubs')
    }
    expect(await references(from.id)).toBe(before)
    expect(await references(into.id)).toBe(0)
    expect(await sql()`select 1 from club_redirects where old_id = ${from.id}`).toHaveLength(0)
    expect(await sql()`select 1 from audit_log where action = 'club.merge' and target_id = ${into.id}`).toHaveLength(0)
  })
})

describe('points deductions', () => {
  it('lists a season’s deductions and records one from the form, shown on the league table', async () => {
    const { visitor } = await deskVisitor('editor')
    const [row] = await sql()<{ club: string; season: string; label: string }[]>`
      select m.home_club_id::text as club, m.season_id::text as season, s.label from matches m
      join seasons s on s.id = m.season_id where s.competition_id = 'en.1' and not m.demo order by m.id limit 1`
    const screen = await pageText(visitor, `/ar/desk/deductions?season_id=${row!.season}`)
    expect(screen).toContain(`<option value="${row!.club}"`)
    const reason = `Financial rules breach ${unique()}`
    const fields = { season_id: row!.season, club_id: row!.club, points: '4', 'reason.ar': 'مخالفة القواعد المالية', 'reason.en': reason, decided_on: '2025-03-01' }
    const bad = await visitor.post('/ar/desk/deductions', { ...fields, source_url: 'http://insecure.example' })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toMatch(/id="desk-source_url-error"/)
    const res = await visitor.post('/en/desk/deductions', { ...fields, source_url: 'https://www.premierleague.com/news/1' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/en/desk/deductions?season_id=${row!.season}`)
    expect(await pageText(visitor, `/en/desk/deductions?season_id=${row!.season}`)).toContain(reason)
    const league = await (await fetchPage(`/en/leagues/en.1?season=${row!.label.replace('/', '-')}`)).text()
    expect(league).toContain(reason)
    await sql()`delete from point_deductions where reason ->> 'en' = ${reason}`
  })
})

describe('import conflicts', () => {
  async function conflict(clubId: string, incoming: string): Promise<string> {
    const [row] = await sql()<{ id: string }[]>`
      insert into import_conflicts (target_type, target_id, field, stored, incoming, source)
      values ('club', ${clubId}, 'name.ar', (select name -> 'ar' from clubs where id = ${clubId}), ${sql().json(incoming)}, 'football.json/2024-25/en.1.json')
      returning id::text`
    return row!.id
  }

  it('lists the open conflicts and settles them either way, audited', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const ours = await newClub()
    const theirs = await newClub()
    await sql()`update clubs set corrected = '["name.ar"]' where id in (${ours.id}, ${theirs.id})`
    const keepOurs = await conflict(ours.id, 'اسم المستورد الأول')
    const takeTheirs = await conflict(theirs.id, 'اسم المستورد الثاني')
    const list = await pageText(visitor, '/ar/desk/conflicts')
    expect(list).toContain('اسم المستورد الأول')
    expect(list).toContain(`action="/ar/desk/conflicts/${takeTheirs}/resolve"`)

    expect((await visitor.post(`/ar/desk/conflicts/${keepOurs}/resolve`, { keep: 'ours' })).status).toBe(303)
    expect((await visitor.post(`/ar/desk/conflicts/${takeTheirs}/resolve`, { keep: 'theirs' })).status).toBe(303)
    const clubs = await sql()<{ id: string; ar: string; corrected: string[] }[]>`
      select id::text, name ->> 'ar' as ar, corrected from clubs where id in (${ours.id}, ${theirs.id}) order by id`
    expect(clubs).toEqual([
      { id: ours.id, ar: ours.ar, corrected: ['name.ar'] },
      { id: theirs.id, ar: 'اسم المستورد الثاني', corrected: [] },
    ])
    const after = await pageText(visitor, '/ar/desk/conflicts')
    expect(after).not.toContain('اسم المستورد الأول')
    const audited = await sql()<{ n: number }[]>`select count(*)::int as n from audit_log where action = 'conflict.resolve' and actor_id = ${user.id}`
    expect(audited[0]!.n).toBe(2)
    // A settled conflict is settled: a second try is refused on the list.
    expect((await visitor.post(`/ar/desk/conflicts/${keepOurs}/resolve`, { keep: 'theirs' })).status).toBe(404)
    expect((await visitor.post(`/ar/desk/conflicts/${keepOurs}/resolve`, { keep: 'maybe' })).status).toBe(422)
  })
})

describe('the API calls behind the screens', () => {
  it('finds clubs and players by a name in either language, and reads one', async () => {
    const editor = await insertUserWithRole('editor')
    const club = await newClub()
    const player = await newPlayer(club.id)
    const byArabic = await callApi<{ id: string }[]>(`desk/clubs?q=${encodeURIComponent(club.ar)}`, { bearer: editor.token })
    expect(byArabic.body.data!.map((c) => c.id)).toEqual([club.id])
    // A % typed by an editor is a letter, not a wildcard.
    expect((await callApi<unknown[]>('desk/clubs?q=%25%25%25', { bearer: editor.token })).body.data).toEqual([])
    const read = await callApi<{ crest: unknown; corrected: string[] }>(`desk/clubs/${club.id}`, { bearer: editor.token })
    expect(read.body.data).toMatchObject({ crest: null, corrected: [] })
    const players = await callApi<{ id: string }[]>('desk/players?q=Test%20Player', { bearer: editor.token })
    expect(players.body.data!.map((p) => p.id)).toContain(player)
    expect((await callApi(`desk/players/${player}`, { bearer: editor.token })).status).toBe(200)
    expect((await callApi('desk/players/999999999', { bearer: editor.token })).status).toBe(404)
  })

  it('refuses a crest that is not an https address or a site path, and a contributor everywhere', async () => {
    const editor = await insertUserWithRole('editor')
    const contributor = await insertUserWithRole('contributor')
    const club = await newClub()
    for (const src of ['javascript:alert(1)', 'http://example.org/crest.png', '//evil.example/crest.png', 'data:image/png;base64,AAAA', '/\\evil.example/crest.png']) {
      const res = await callApi(`desk/clubs/${club.id}`, { method: 'PATCH', body: { crest: { src, credit: 'X', licence: 'Y' } }, bearer: editor.token })
      expect(res.status, src).toBe(422)
      expect(res.body.errors).toHaveProperty(['crest.src'])
    }
    for (const path of ['desk/clubs', `desk/clubs/${club.id}`, 'desk/players', 'desk/seasons', 'desk/conflicts', `desk/clubs/${club.id}/merge?into=1`]) {
      expect((await callApi(path, { bearer: contributor.token })).status, path).toBe(403)
    }
    expect((await callApi('desk/conflicts/1/resolve', { body: { keep: 'ours' }, bearer: contributor.token })).status).toBe(403)
    expect((await callApi('desk/deductions?season_id=999999999', { bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/deductions', { bearer: editor.token })).status).toBe(422)
  })
})
