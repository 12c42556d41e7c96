// Line handling shared by the plain-text readers (Football.TXT and the clubs directory).

/**
 * Splits on LF or CRLF. The README only mentions CRLF for eg.clubs.lang.ar.txt, but
 * every world/*.txt file and most clubs/*.txt files use CRLF too, and some use LF.
 */
export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/)
}

/** Drops a `#` comment (`#`, `##`, `###` alike) and trailing whitespace. */
export function stripComment(line: string): string {
  const hash = line.indexOf('#')
  return (hash === -1 ? line : line.slice(0, hash)).trimEnd()
}
