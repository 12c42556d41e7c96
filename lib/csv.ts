// Comma-separated text as RFC 4180 writes it (§2): fields in double quotes may hold commas,
// line breaks and doubled quotes. Lists that editors paste or export come from spreadsheets
// on every system, so a byte-order mark is dropped and CRLF, LF and a lone CR all end a
// record, mixed in one file. Decision 150 says why this is ours and not a package's.

/** One record: its cells, and the line of the text it starts on (from 1), as an editor counts them. */
export interface CsvRecord {
  line: number
  cells: string[]
}

/** The records of `text`; a record of one empty cell (a blank line) is left out. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  const endCell = () => {
    cells.push(cell)
    cell = ''
  }
  const endRecord = () => {
    endCell()
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells })
    cells = []
  }
  const body = text.startsWith('\ufeff') ? text.slice(1) : text
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n' || (ch === '\r' && body[i + 1] !== '\n')) line++
        cell += ch
      }
    } else if (ch === '"' && cell === '') quoted = true
    else if (ch === ',') endCell()
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && body[i + 1] === '\n') i++
      endRecord()
      start = ++line
    } else cell += ch
  }
  if (cell !== '' || cells.length > 0) endRecord()
  return records
}

/** How many records `text` holds at most: its line breaks, counted before it is parsed, so an oversized list costs no parse. */
export function lineCount(text: string): number {
  return (text.match(/\r\n|\r|\n/g)?.length ?? 0) + 1
}
