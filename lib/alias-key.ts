// How names are compared when one source's spelling must find another's: the importer's
// alias table, post tags, and the desk's corrections all key names this way.

/**
 * Case-, accent- and punctuation-insensitive form of a name: 'Al-Raed' and "Al Ra'ed"
 * both become 'al raed', 'Atlético Madrid' and 'Atletico Madrid' 'atletico madrid'.
 */
export function aliasKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
