// Picks the parser for a file from its name and, where the name is not enough, its
// content. Files that are not data (licences, READMEs) or not imported are skipped
// with a reason rather than failing.
import { basename, extname } from './file-path.ts'

export type ParserKind = 'football-json' | 'worldcup-json' | 'football-txt' | 'clubs-txt' | 'stadiums-txt' | 'club-names-txt'

export type Detection = { kind: ParserKind } | { kind: 'skip'; reason: string }

export function detectFile(file: string, text: string): Detection {
  const name = basename(file)
  switch (extname(name)) {
    case '.json':
      // worldcup.json's own file names; their shape (matches, squads, ...) is sorted out by the parser.
      if (/^(club)?worldcup(\.|$)/.test(name)) return { kind: 'worldcup-json' }
      if (/^\s*\{/.test(text)) return { kind: 'football-json' }
      return { kind: 'skip', reason: 'JSON that is neither football.json nor worldcup.json' }
    case '.txt':
      if (/\.clubs\.lang\.[a-z]+\.txt$/.test(name)) return { kind: 'club-names-txt' }
      if (name.endsWith('.clubs.txt')) return { kind: 'clubs-txt' }
      if (name.endsWith('.stadiums.txt')) return { kind: 'stadiums-txt' }
      if (/\.clubs\.(props|history)\.txt$/.test(name)) {
        return { kind: 'skip', reason: 'club websites and rename history are not imported' }
      }
      // Football.TXT match files are named by season ('2024-25_sa1.txt'); their round lines give them away.
      return /^▪/m.test(text) ? { kind: 'football-txt' } : { kind: 'skip', reason: 'text file in no known format' }
    case '.md':
      return { kind: 'skip', reason: 'documentation' }
    default:
      return { kind: 'skip', reason: 'unknown file type' }
  }
}
