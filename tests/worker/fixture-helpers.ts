// A league of a test's own for the fixtures tests: its zone, its season and four clubs named in
// both languages (one with an alias), and an editor to work on it.
import { insertUserWithRole, sql, type TestUser } from './helpers.ts'

export interface Season {
  tag: string
  competition: string
  seasonId: number
  clubs: { ahly: number; zamalek: number; ismaily: number; police: number }
  editor: TestUser
}

/** A league of the test's own in Cairo's zone (UTC+2 in winter), with four clubs named in both languages. */
export async function ownSeason(): Promise<Season> {
  const db = sql()
  // A letter first: an all-digit tag searched on the desk's matches screen reads as a match id.
  const tag = `t${crypto.randomUUID().slice(0, 7)}`
  const competition = `fix.${tag}`
  await db`insert into competitions (id, kind, name, short_name, timezone)
    values (${competition}, 'league', ${db.json({ en: `Fixture League ${tag}`, ar: `دوري المباريات ${tag}` })}, ${db.json({ en: tag })}, 'Africa/Cairo')`
  const [season] = await db<{ id: number }[]>`insert into seasons (competition_id, label) values (${competition}, '2026/27') returning id::int`
  const club = async (en: string, ar: string) => {
    const [row] = await db<{ id: number }[]>`insert into clubs (name, short_name, source_key)
      values (${db.json({ en: `${en} ${tag}`, ar: `${ar} ${tag}` })}, ${db.json({ en: `${en} ${tag}`, ar: `${ar} ${tag}` })}, ${`test:fixtures:${tag}:${en}`})
      returning id::int`
    return row!.id
  }
  const clubs = {
    ahly: await club('Ahly', 'الأهلي'),
    zamalek: await club('Zamalek', 'الزمالك'),
    ismaily: await club('Ismaily', 'الإسماعيلي'),
    police: await club('Police', 'الشرطة'),
  }
  await db`insert into club_aliases (alias_key, alias, club_id) values (${`white knights ${tag}`}, ${`White Knights ${tag}`}, ${clubs.zamalek})`
  return { tag, competition, seasonId: season!.id, clubs, editor: await insertUserWithRole('editor') }
}
