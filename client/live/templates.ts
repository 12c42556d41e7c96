// The live words' templates (client/live/live-words.ts) filled in: placeholders in braces
// ({home}) and one wrapped part (<0>…</0>), as the catalog writes them. Used by the
// server's render and the browser's redraw alike.

/** "Score {home} to {away}" with its placeholders filled; unknown ones stay as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** "pens <0>{home}–{away}</0>" as the text before, inside and after the wrapped part. */
export function unwrap(template: string): [string, string, string] {
  const match = /^(.*)<0>(.*)<\/0>(.*)$/s.exec(template)
  return match ? [match[1]!, match[2]!, match[3]!] : [template, '', '']
}

/** "Kick-off in {countdown}" as the text before and after the placeholder, for an element in its place. */
export function splitAround(template: string, name: string): [string, string] {
  const at = template.indexOf(`{${name}}`)
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + name.length + 2)]
}
