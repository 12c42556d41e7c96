/** msgids whose msgstr is empty, in a .po file (header entry excluded). */
export function untranslated(po: string): string[] {
  const missing: string[] = []
  const entries = po.split(/\n\s*\n/)
  for (const entry of entries) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(entry)?.[1]
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(entry)?.[1]
    if (id === undefined || str === undefined) continue
    const join = (s: string) => s.split('\n').filter(Boolean).map((line) => JSON.parse(line) as string).join('')
    if (join(id) !== '' && join(str).trim() === '') missing.push(join(id))
  }
  return missing
}
