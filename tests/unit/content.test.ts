// The content loaders against a real (embedded) Postgres: the team's 48 posts and the
// three site pages, and the demo fixtures. The football rows are a small hand-made
// stand-in for the importer's output, filled the way it fills them (alias_key through
// aliasKey), so the tag resolution is tested without the openfootball snapshot.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPages } from '../../scripts/content/pages.ts'
import { loadPosts, type PostsLoad } from '../../scripts/content/posts.ts'
import { loadChannels } from '../../scripts/content/channels.ts'
import { seedDemoFixtures } from '../../scripts/content/demo-fixtures.ts'
import { aliasKey } from '../../lib/alias-key.ts'
import { startEmbeddedDb, type EmbeddedDb } from '../../scripts/lib/embedded-db.ts'
import { migrate } from '../../scripts/lib/migrate.ts'
import { sanitizePostHtml } from '../../src/posts/sanitize.ts'

let db: EmbeddedDb
let sql: postgres.Sql

const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'strong', 'em', 'a', 'figure', 'figcaption', 'br'])
const tagNames = (html: string): string[] => [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase())

async function competition(id: string, kind: 'league' | 'cup', label: string): Promise<string> {
  await sql`insert into competitions (id, kind, name, short_name) values (${id}, ${kind}, ${sql.json({ en: id })}, ${sql.json({ en: id })})`
  const [season] = await sql<{ id: string }[]>`insert into seasons (competition_id, label) values (${id}, ${label}) returning id`
  return season!.id
}

/** A club and every spelling of it, keyed as the importer keys them (spellings may fold together). */
async function club(name: string, kind: 'club' | 'national', ...aliases: string[]): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into clubs (kind, name, short_name, source_key)
    values (${kind}, ${sql.json({ en: name })}, ${sql.json({ en: name })}, ${`test:${aliasKey(name)}`}) returning id`
  for (const alias of [name, ...aliases]) {
    await sql`insert into club_aliases (alias_key, alias, club_id) values (${aliasKey(alias)}, ${alias}, ${row!.id}) on conflict do nothing`
  }
  return row!.id
}

async function match(seasonId: string, kickoff: string, home: string, away: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
    values (${seasonId}, ${kickoff}, ${home}, ${away}, 'finished', ${`test:${kickoff}:${home}:${away}`}) returning id`
  return row!.id
}

async function player(en: string, aliases: string[] = []): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into players (name, aliases, source_key) values (${sql.json({ en, ar: en })}, ${aliases}, ${`test:${en}:${aliases.join()}:${Math.random()}`})
    returning id`
  return row!.id
}

const fixtures: Record<string, string> = {}

beforeAll(async () => {
  db = await startEmbeddedDb({})
  await migrate(db.url)
  sql = postgres(db.url, { max: 1, onnotice: () => {} })

  const worldcup = await competition('worldcup', 'cup', '2026')
  const premierLeague = await competition('en.1', 'league', '2025/26')
  const saudiLeague = await competition('sa.1', 'league', '2024/25')

  const spain = await club('Spain', 'national')
  const argentina = await club('Argentina', 'national')
  const algeria = await club('Algeria', 'national')
  fixtures.final = await match(worldcup, '2026-07-19T19:00:00Z', spain, argentina)
  // 20:00 in Kansas City is 01:00 the next day in UTC: found through the ±1 day fallback.
  fixtures.argentinaAlgeria = await match(worldcup, '2026-06-17T01:00:00Z', argentina, algeria)

  const city = await club('Manchester City FC', 'club', 'Manchester City', 'Man City')
  const arsenal = await club('Arsenal FC', 'club', 'Arsenal')
  const brighton = await club('Brighton & Hove Albion FC', 'club', 'Brighton')
  const liverpool = await club('Liverpool FC', 'club', 'Liverpool')
  const chelsea = await club('Chelsea FC', 'club', 'Chelsea')
  const bournemouth = await club('AFC Bournemouth', 'club', 'Bournemouth')
  fixtures.cityArsenal = await match(premierLeague, '2026-04-19T15:30:00Z', city, arsenal)
  fixtures.brightonArsenal = await match(premierLeague, '2026-03-04T19:30:00Z', brighton, arsenal)
  // Stored home-first the other way round from the post's tag (news/11): still its match.
  fixtures.arsenalCity = await match(premierLeague, '2025-09-21T15:30:00Z', city, arsenal)
  await match(premierLeague, '2025-12-26T12:30:00Z', liverpool, chelsea)
  await match(premierLeague, '2026-01-03T15:00:00Z', bournemouth, city)

  const hilal = await club('Al Hilal', 'club', 'Al-Hilal')
  const fateh = await club('Al Fateh', 'club')
  const ittihad = await club('Al Ittihad', 'club', 'Al-Ittihad')
  const wehda = await club('Al Wehda', 'club')
  const nassr = await club('Al Nassr', 'club', 'Al-Nassr')
  const qadsiah = await club('Al Qadsiah', 'club')
  fixtures.hilalFateh = await match(saudiLeague, '2025-01-16T17:00:00Z', hilal, fateh)
  await match(saudiLeague, '2024-09-15T16:00:00Z', ittihad, wehda)
  await match(saudiLeague, '2024-10-01T18:00:00Z', nassr, qadsiah)

  fixtures.messi = await player('Lionel Messi')
  fixtures.salah = await player('Mohamed Salah Hamed Ghaly', ['Mohamed Salah', 'Mo Salah'])
  // The squads' spelling; the post writes 'Julián Álvarez'.
  fixtures.alvarez = await player('Julián Alvarez')
  // Two players of one name: the tag must not pick either.
  await player('Pedri', ['Pedro González López'])
  await player('Pedri', ['Pedro Rodríguez'])
}, 120_000)

afterAll(async () => {
  await sql?.end()
  await db?.stop()
})

async function tagsOf(sourceKey: string): Promise<Record<string, string[]>> {
  const rows = await sql<{ competition_id: string | null; club_id: string | null; player_id: string | null; match_id: string | null }[]>`
    select t.competition_id, t.club_id, t.player_id, t.match_id
    from post_tags t join posts p on p.id = t.post_id where p.source_key = ${sourceKey}`
  const ids = (column: keyof (typeof rows)[number]): string[] => rows.flatMap((r) => r[column] ?? []).sort()
  return { competitions: ids('competition_id'), clubs: ids('club_id'), players: ids('player_id'), matches: ids('match_id') }
}

const clubIdOf = async (name: string): Promise<string> =>
  (await sql<{ club_id: string }[]>`select club_id from club_aliases where alias_key = ${aliasKey(name)}`)[0]!.club_id

describe('loadPosts', () => {
  let first: PostsLoad

  beforeAll(async () => {
    first = await loadPosts(db.url)
  }, 120_000)

  it('loads all 48 posts, 12 of each kind, published under their file paths', async () => {
    expect(first.posts).toBe(48)
    const kinds = await sql`select kind, count(*)::int as n from posts where status = 'published' group by kind order by kind`
    expect(kinds).toEqual([
      { kind: 'analytics', n: 12 },
      { kind: 'article', n: 12 },
      { kind: 'caricature', n: 12 },
      { kind: 'news', n: 12 },
    ])
    const [final] = await sql`select slug_en, slug_ar, cover_src, cover_alt, media, published_at from posts
      where source_key = 'posts/news/01-spain-beat-argentina-to-win-2026-world-cup-final.json'`
    expect(final).toMatchObject({
      slug_en: 'spain-beat-argentina-to-win-2026-world-cup-final',
      slug_ar: 'إسبانيا-تهزم-الأرجنتين-وتتوج-بكأس-العالم-2026',
      cover_src: '/media/posts/news-01.svg',
      published_at: new Date('2026-07-19T22:10:00Z'),
    })
    expect(final!.cover_alt.ar).toContain('كأس ذهبية')
    expect(final!.media[0]).toMatchObject({ type: 'video', mime: 'video/mp4', captions: [{ lang: 'en' }, { lang: 'ar' }] })
  })

  it('stores only sanitised bodies, in both languages', async () => {
    const rows = await sql<{ body: { en: string; ar: string } }[]>`select body from posts`
    for (const { body } of rows) {
      for (const html of [body.en, body.ar]) {
        expect(html.length).toBeGreaterThan(100)
        expect(sanitizePostHtml(html)).toBe(html)
        expect(tagNames(html).filter((tag) => !ALLOWED_TAGS.has(tag))).toEqual([])
      }
    }
  })

  it('links a post to the competition, teams, player and match it names', async () => {
    expect(await tagsOf('posts/news/01-spain-beat-argentina-to-win-2026-world-cup-final.json')).toEqual({
      competitions: ['worldcup'],
      clubs: [await clubIdOf('Spain'), await clubIdOf('Argentina')].sort(),
      players: [fixtures.messi],
      matches: [fixtures.final],
    })
  })

  it('finds a match on the next UTC day, a match listed the other way round, and players by alias or another accent', async () => {
    expect((await tagsOf('posts/news/07-messi-hat-trick-as-argentina-beat-algeria-3-0.json')).matches).toEqual([fixtures.argentinaAlgeria])
    expect((await tagsOf('posts/news/11-arsenal-seven-points-clear-at-top-of-premier-league.json')).matches).toEqual(
      [fixtures.brightonArsenal, fixtures.arsenalCity].sort(),
    )
    expect((await tagsOf('posts/caricature/04-cartoon-the-egyptian-king-and-his-crown.json')).players).toEqual([fixtures.salah])
    expect((await tagsOf('posts/article/09-messi-at-39-eight-goals-and-one-final-too-far.json')).players).toEqual(
      [fixtures.messi, fixtures.alvarez].sort(),
    )
  })

  it('reads a UCL or Club World Cup team name through its bare club name', async () => {
    expect((await tagsOf('posts/caricature/03-cartoon-the-crescent-and-the-giant.json')).clubs).toEqual(
      [await clubIdOf('Al Hilal'), await clubIdOf('Manchester City')].sort(),
    )
  })

  it('reports the tags it cannot resolve and invents nothing', async () => {
    expect(first.unresolvedTags).toContain('posts/news/01-spain-beat-argentina-to-win-2026-world-cup-final.json: player "Ferran Torres"')
    expect(first.unresolvedTags).toContain('posts/news/01-spain-beat-argentina-to-win-2026-world-cup-final.json: match 2026-07-14 France v Spain')
    expect(first.unresolvedTags).toContain('posts/article/06-spain-2026-champions-who-conceded-once.json: player "Pedri"')
    expect(first.unresolvedTags).toContain('posts/analytics/03-home-advantage-in-europes-big-five-leagues.json: competition "es.1"')
    const [tags] = await sql<{ n: number }[]>`select count(*)::int as n from post_tags`
    expect(first.tags).toBe(tags!.n)
    const [counts] = await sql`select (select count(*)::int from clubs) as clubs, (select count(*)::int from players) as players,
      (select count(*)::int from matches) as matches, (select count(*)::int from competitions) as competitions`
    expect(counts).toEqual({ clubs: 15, players: 5, matches: 10, competitions: 3 })
  })

  it('creates each post as the desk does: a revision, then out as of its file’s date, audited as the system', async () => {
    expect(first).toMatchObject({ created: 48, updated: 0, keptForDesk: [] })
    const [post] = await sql<{ id: string; created_by: string | null }[]>`
      select id::text, created_by from posts where source_key = 'posts/article/01-morocco-from-qatar-semi-final-to-2026-quarter-final.json'`
    expect(post!.created_by).toBeNull()
    const revisions = await sql`select number, author_id, content->'slug' as slug from post_revisions where post_id = ${post!.id}`
    expect(revisions).toEqual([{ number: 1, author_id: null, slug: expect.objectContaining({ en: 'morocco-from-qatar-semi-final-to-2026-quarter-final' }) }])
    const audit = await sql`select action, actor_id, after->>'publishedAt' as at from audit_log where target_type = 'post' and target_id = ${post!.id} order by id`
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['post.create', null],
      ['post.publish', null],
    ])
    const [row] = await sql<{ published_at: Date }[]>`select published_at from posts where id = ${post!.id}`
    expect(new Date(audit[1]!.at as string).getTime()).toBe(row!.published_at.getTime())
  })

  it('changes nothing on a second load', async () => {
    const [before] = await sql<{ revisions: number; entries: number }[]>`
      select (select count(*)::int from post_revisions) as revisions, (select count(*)::int from audit_log) as entries`
    const second = await loadPosts(db.url)
    expect(second).toEqual({ ...first, created: 0, updated: 0 })
    const [after] = await sql`select (select count(*)::int from post_revisions) as revisions, (select count(*)::int from audit_log) as entries`
    expect(after).toEqual(before)
  })

  it('puts back a post and tags edited in the database, and only those', async () => {
    const key = 'posts/caricature/09-cartoon-the-ageless-number-10.json'
    await sql`update posts set title = ${sql.json({ en: 'Edited', ar: 'معدّل' })} where source_key = ${key}`
    await sql`delete from post_tags where player_id is not null and post_id = (select id from posts where source_key = ${key})`
    await sql`insert into post_tags (post_id, competition_id) select id, 'en.1' from posts where source_key = ${key}`
    const again = await loadPosts(db.url)
    expect(again).toMatchObject({ created: 0, updated: 1 })
    expect((await sql`select title->>'en' as title from posts where source_key = ${key}`)[0]!.title).toBe('Cartoon: The ageless number 10')
    expect(await tagsOf(key)).toMatchObject({ competitions: ['worldcup'], players: [fixtures.messi] })
  })

  it('leaves a post an editor has changed at the desk as the desk left it', async () => {
    const key = 'posts/analytics/01-world-cup-2026-by-the-numbers.json'
    const [editor] = await sql<{ id: string }[]>`insert into users (email, name, role) values ('desk-editor@example.test', 'Editor', 'editor') returning id`
    const [post] = await sql<{ id: string }[]>`update posts set title = ${sql.json({ en: 'Corrected at the desk', ar: 'صُحّح في غرفة الأخبار' })} where source_key = ${key} returning id::text`
    await sql`insert into audit_log (actor_id, action, target_type, target_id) values (${editor!.id}, 'post.update', 'post', ${post!.id})`
    const again = await loadPosts(db.url)
    expect(again.keptForDesk).toEqual([key])
    expect(again.updated).toBe(0)
    expect((await sql`select title->>'en' as title from posts where source_key = ${key}`)[0]!.title).toBe('Corrected at the desk')
  })

  it('refuses an invalid post, naming the file and the field, before writing anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hadaf-posts-'))
    try {
      await mkdir(join(dir, 'posts', 'news'), { recursive: true })
      const post = { kind: 'news', slug: { en: 'Not A Slug', ar: 'خبر' }, title: { en: 'Only English' } }
      await writeFile(join(dir, 'posts', 'news', '99-bad.json'), JSON.stringify(post))
      const error = await loadPosts(db.url, join(dir, 'posts')).catch((e: unknown) => e as Error)
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).toMatch(/^posts\/news\/99-bad\.json: /)
      expect((error as Error).message).toContain('slug.en')
      expect((error as Error).message).toContain('title.ar')
      expect((error as Error).message).toContain('published_at')
    } finally {
      await rm(dir, { recursive: true })
    }
  })
})

describe('loadPages', () => {
  it('loads contact, privacy and terms, then changes nothing on a second load', async () => {
    expect(await loadPages(db.url)).toEqual({ pages: 3, changedRows: 3 })
    const rows = await sql<{ slug: string; title: { en: string; ar: string }; body: { en: string; ar: string } }[]>`
      select slug, title, body from pages order by slug`
    expect(rows.map((r) => r.slug)).toEqual(['contact', 'privacy', 'terms'])
    for (const { title, body } of rows) {
      expect(title.en && title.ar).toBeTruthy()
      for (const html of [body.en, body.ar]) expect(tagNames(html).filter((tag) => !ALLOWED_TAGS.has(tag))).toEqual([])
    }
    const privacy = rows.find((r) => r.slug === 'privacy')!
    for (const cookie of ['token', 'lang', 'theme', 'flash']) {
      expect(privacy.body.en).toContain(`<strong>${cookie}</strong>`)
      expect(privacy.body.ar).toContain(`<strong>${cookie}</strong>`)
    }
    const updatedAt = async () => (await sql<{ updated_at: Date }[]>`select updated_at from pages where slug = 'terms'`)[0]!.updated_at
    const before = await updatedAt()
    expect(await loadPages(db.url)).toEqual({ pages: 3, changedRows: 0 })
    expect(await updatedAt()).toEqual(before)
  })
})

describe('seedDemoFixtures', () => {
  interface Row {
    id: string
    kickoff: Date
    competition: string
    label: string
    home: string
    away: string
    status: string
    round: string
    ft_home: number | null
  }
  const demoRows = () => sql<Row[]>`
    select m.id, m.kickoff, s.competition_id as competition, s.label, m.home_club_id as home, m.away_club_id as away,
      m.status, m.round, m.ft_home
    from matches m join seasons s on s.id = m.season_id where m.demo order by m.kickoff`
  const realMatches = () => sql`select id, kickoff, home_club_id, away_club_id, status from matches where not demo order by id`

  const now = new Date('2026-11-22T12:00:00Z')
  let real: postgres.RowList<postgres.Row[]>

  beforeAll(async () => {
    // An imported fixture due in two days: a later run must leave it alone once it is past.
    const [season] = await sql<{ id: string }[]>`select id from seasons where competition_id = 'en.1'`
    const [liverpool, chelsea] = [await clubIdOf('Liverpool FC'), await clubIdOf('Chelsea FC')]
    await sql`insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season!.id}, '2026-11-24T20:00:00Z', ${chelsea}, ${liverpool}, 'scheduled', 'test:imported-upcoming')`
    real = await realMatches()
  })

  it('adds upcoming demo fixtures between real clubs of the latest season, one within three hours', async () => {
    const { inserted, removed } = await seedDemoFixtures(db.url, now)
    const rows = await demoRows()
    expect(removed).toBe(0)
    expect(inserted).toBe(rows.length)
    expect(rows.length).toBeGreaterThanOrEqual(5)
    const hours = (row: Row) => (row.kickoff.getTime() - now.getTime()) / 3_600_000
    expect(rows.every((row) => hours(row) > 0 && hours(row) <= 240)).toBe(true)
    expect(hours(rows[0]!)).toBeLessThanOrEqual(3)
    // Only the leagues with imported clubs; Spain and Egypt have none here.
    expect(new Set(rows.map((r) => `${r.competition} ${r.label}`))).toEqual(new Set(['en.1 2026/27', 'sa.1 2026/27']))
    expect(rows.every((r) => r.status === 'scheduled' && r.round === 'Demo' && r.ft_home === null)).toBe(true)
    const englishClubs = await Promise.all(['Manchester City', 'Arsenal', 'Brighton', 'Liverpool', 'Chelsea', 'Bournemouth'].map(clubIdOf))
    for (const row of rows.filter((r) => r.competition === 'en.1')) expect(englishClubs).toEqual(expect.arrayContaining([row.home, row.away]))
    const bookings = rows.flatMap((r) => [r.home, r.away].map((club) => `${club} ${r.kickoff.toISOString().slice(0, 10)}`))
    expect(new Set(bookings).size).toBe(bookings.length)
  })

  it('adds nothing when run again at the same time, or later the same day', async () => {
    expect(await seedDemoFixtures(db.url, now)).toEqual({ inserted: 0, removed: 0 })
    expect(await seedDemoFixtures(db.url, new Date(now.getTime() + 3_600_000))).toEqual({ inserted: 0, removed: 0 })
  })

  it('days later, removes the demo fixtures that are past, keeps the rest and tops the window up', async () => {
    const later = new Date('2026-11-26T12:00:00Z')
    const before = await demoRows()
    const { inserted, removed } = await seedDemoFixtures(db.url, later)
    const after = await demoRows()
    expect(removed).toBe(before.filter((r) => r.kickoff < later).length)
    expect(removed).toBeGreaterThan(0)
    expect(inserted).toBeGreaterThan(0)
    expect(after.every((r) => r.kickoff > later)).toBe(true)
    const kept = before.filter((r) => r.kickoff > later).map((r) => r.id)
    expect(after.map((r) => r.id)).toEqual(expect.arrayContaining(kept))
    expect(await realMatches()).toEqual(real)
  })
})

describe('loadChannels', () => {
  interface BroadcastRow {
    match: string
    competition: string
    channel: string
    countries: string[]
    channelCountries: string[]
    commentators: { ar: string; en: string }[]
    language: string
  }
  const broadcastRows = () => sql<BroadcastRow[]>`
    select b.match_id as match, s.competition_id as competition, c.name ->> 'en' as channel, b.countries,
      c.countries as "channelCountries", b.commentators, b.language
    from broadcasts b join matches m on m.id = b.match_id join seasons s on s.id = m.season_id join channels c on c.id = b.channel_id
    order by b.match_id, b.list_order`

  it('adds the region’s channels, with their countries as codes', async () => {
    const load = await loadChannels(db.url)
    expect(load).toMatchObject({ channels: 12, added: 12 })
    const [bein] = await sql<{ free_to_air: boolean; countries: string[]; reception: { ar: string; en: string } }[]>`
      select free_to_air, countries, reception from channels where source_key = 'seed:bein-sports'`
    expect(bein!.free_to_air).toBe(false)
    expect(bein!.countries).toHaveLength(24)
    expect(bein!.countries).toEqual([...bein!.countries].sort())
    expect(bein!.reception.ar).toMatch(/[\u0600-\u06FF]/)
    const [arryadia] = await sql<{ free_to_air: boolean; countries: string[] }[]>`select free_to_air, countries from channels where source_key = 'seed:arryadia'`
    expect(arryadia).toEqual({ free_to_air: true, countries: ['MA'] })
  })

  it('puts demo broadcasts on the invented fixtures only, over the channel’s countries, with a stand-in commentator', async () => {
    const rows = await broadcastRows()
    const demoFixtures = await sql<{ id: string }[]>`
      select m.id from matches m join seasons s on s.id = m.season_id where m.demo and s.competition_id = 'en.1'`
    expect(demoFixtures.length).toBeGreaterThan(0)
    expect(rows.map((row) => row.match).sort()).toEqual(demoFixtures.map((m) => m.id).sort())
    for (const row of rows) {
      expect(row).toMatchObject({ competition: 'en.1', channel: 'beIN SPORTS', language: 'ar' })
      expect(row.countries).toEqual(row.channelCountries)
      expect(row.commentators).toEqual([{ en: 'Commentator (demo)', ar: 'معلّق (تجريبي)' }])
    }
  })

  it('changes nothing on a second load, leaving a channel an editor has corrected as it is', async () => {
    await sql`update channels set name = name || '{"en": "beIN SPORTS MENA"}' where source_key = 'seed:bein-sports'`
    const before = await broadcastRows()
    expect(await loadChannels(db.url)).toMatchObject({ added: 0, demoBroadcasts: 0 })
    const [bein] = await sql<{ name: { en: string } }[]>`select name from channels where source_key = 'seed:bein-sports'`
    expect(bein!.name.en).toBe('beIN SPORTS MENA')
    expect(await broadcastRows()).toEqual(before.map((row) => ({ ...row, channel: 'beIN SPORTS MENA' })))
  })
})
