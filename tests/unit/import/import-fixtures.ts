// Small openfootball files, laid out as in the real snapshot (the season and competition
// come from the path), written to a temporary folder for the importer tests.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const json = (value: unknown): string => JSON.stringify(value, null, 1)
const lines = (...l: string[]): string => l.join('\r\n')

export const FILES: { [path: string]: string } = {
  // Two Premier League matches: one played in summer time, one not yet played and without a time.
  'football.json/2024-25/en.1.json': json({
    name: 'English Premier League 2024/25',
    matches: [
      { round: 'Matchday 1', date: '2024-08-16', time: '20:00', team1: 'Manchester United FC', team2: 'Fulham FC', score: { ht: [0, 0], ft: [1, 0] } },
      { round: 'Matchday 17', date: '2024-12-21', team1: 'Aston Villa FC', team2: 'Manchester City FC', score: {} },
    ],
  }),
  // The Champions League writes '(ENG)' suffixes and Central European times.
  'football.json/2024-25/uefa.cl.json': json({
    name: 'UEFA Champions League 2024/25',
    matches: [
      { round: 'Quarter-finals', date: '2025-04-15', time: '21:00', team1: 'Aston Villa FC (ENG)', team2: 'Paris Saint-Germain FC (FRA)', score: { ht: [0, 2], ft: [3, 2] } },
    ],
  }),
  // Ligue 1 spells PSG without 'FC'; the directory below knows both spellings.
  'football.json/2023-24/fr.1.json': json({
    name: 'French Ligue 1 2023/24',
    matches: [{ round: 'Matchday 9', date: '2023-10-21', time: '21:00', team1: 'Paris Saint-Germain', team2: 'Olympique de Marseille', score: { ft: [4, 0] } }],
  }),
  'clubs/europe/france/fr.clubs.txt': lines('= France', '', 'Paris Saint-Germain, 1970, @ Parc des Princes, Paris › Île-de-France', '  | Paris Saint-Germain FC | PSG'),
  'clubs/europe/france/fr.stadiums.txt': lines('= France', '', 'Parc des Princes, 47_929, 1972, Paris'),
  // One Egyptian fixture in both formats (Cairo is on summer time until 31 October 2024).
  'world/africa/egypt/2024-25_eg1.txt': lines(
    '= Egypt | Premiership 2024/25',
    '# Matches    2',
    '',
    '▪ Matchday 1',
    '  Wed Oct 30 2024',
    '    17:00  Haras El Hodood         v Smouha Sporting Club     1-3 (1-2)',
    '    20:00  Zamalek                 v Al Ahly SC               [postponed]',
  ),
  'football.json/2024-25/eg.1.json': json({
    name: 'Egypt | Premiership 2024/25',
    matches: [{ round: 'Matchday 1', date: '2024-10-30', time: '17:00', team1: 'Haras El Hodood', team2: 'Smouha Sporting Club', score: { ht: [1, 2], ft: [1, 3] } }],
  }),
  'world/middle-east/saudi-arabia/2024-25_sa1.txt': lines(
    '= Saudi Arabia Saudi Professional League 2024/25',
    '',
    '▪ Matchday 1',
    '  Thu Aug 22 2024',
    '    21:00  Al Okhdood              v Al Hilal                 0-3 (0-3)',
  ),
  // World Cup 2022 (Qatar local times): the final, and an own goal counted for Canada.
  'worldcup.json/2022/worldcup.json': json({
    name: 'World Cup 2022',
    matches: [
      {
        round: 'Matchday 12', date: '2022-12-01', time: '18:00', team1: 'Canada', team2: 'Morocco',
        score: { ft: [1, 2], ht: [1, 2] },
        goals1: [{ name: 'Nayef Aguerd', minute: 40, owngoal: true }],
        goals2: [{ name: 'Hakim Zyiech', minute: 4 }, { name: 'Youssef En-Nesyri', minute: 23 }],
        group: 'Group F', ground: 'Al Thumama Stadium, Doha',
      },
      {
        round: 'Final', date: '2022-12-18', time: '18:00', team1: 'Argentina', team2: 'France',
        score: { p: [4, 2], et: [3, 3], ft: [2, 2], ht: [2, 0] },
        goals1: [{ name: 'Lionel Messi', minute: 23, penalty: true }, { name: 'Ángel Di María', minute: 36 }, { name: 'Lionel Messi', minute: 108 }],
        goals2: [{ name: 'Kylian Mbappé', minute: 80, penalty: true }, { name: 'Kylian Mbappé', minute: 81 }, { name: 'Mbappé', minute: 118, penalty: true }],
        ground: 'Lusail Iconic Stadium, Lusail',
      },
    ],
  }),
  'worldcup.json/2022/worldcup.stadiums.json': json({
    name: 'World Cup 2022',
    stadiums: [
      { city: 'Lusail', timezone: 'UTC+3', name: 'Lusail Stadium', capacity: 88966, coords: '25°25\'15.1"N 51°29\'25.4"E' },
      { city: 'Doha (1)', timezone: 'UTC+3', name: 'Al Thumama Stadium', capacity: 44400, coords: '25°14\'05"N 51°31\'56"E' },
    ],
  }),
  'clubs/middle-east/qatar/qa.stadiums.txt': lines('= Qatar', '', 'Lusail Stadium, 88_966, Lusail', '  | Lusail Iconic Stadium'),
  // 2026 zones are written on each time.
  'worldcup.json/2026/worldcup.json': json({
    name: 'World Cup 2026',
    matches: [{ round: 'Matchday 1', date: '2026-06-11', time: '13:00 UTC-6', team1: 'Mexico', team2: 'South Africa', score: { ft: [1, 1] }, goals1: [{ name: 'Santiago Giménez', minute: '90+3' }], goals2: [{ name: 'Lyle Foster', minute: '55' }], group: 'Group A', num: 1, ground: 'Mexico City' }],
  }),
  'worldcup.json/2026/worldcup.squads.json': json([
    {
      name: 'Argentina', fifa_code: 'ARG', group: 'J',
      players: [{ number: 10, pos: 'FW', name: 'Lionel Messi', club: { name: 'Inter Miami CF', country: 'USA' }, date_of_birth: '1987-06-24' }],
    },
    {
      name: 'France', fifa_code: 'FRA', group: 'I',
      players: [{ number: 10, pos: 'FW', name: 'Kylian Mbappé', club: { name: 'Real Madrid C. F.', country: 'ESP' }, date_of_birth: '1998-12-20' }],
    },
    {
      name: 'Morocco', fifa_code: 'MAR', group: 'C',
      players: [
        { number: 5, pos: 'DF', name: 'Nayef Aguerd', club: { name: 'Olympique de Marseille', country: 'FRA' }, date_of_birth: '1996-03-30' },
        { number: 2, pos: 'DF', name: 'Achraf Hakimi', club: { name: 'Paris Saint-Germain', country: 'FRA' }, date_of_birth: '1998-11-04' },
        { number: 21, pos: 'MF', name: 'Hadaf Testplayer', club: { name: 'Hadaf Test Club', country: 'MAR' }, date_of_birth: '2001-01-01' },
      ],
    },
  ]),
  'README.md': '# not data\n',
}

/** Writes `files` under a new temporary folder and returns the folder. */
export async function writeFixtures(files: { [path: string]: string } = FILES): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'hadaf-import-'))
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  return root
}
