/**
 * A lookup that only answers when the answer is unambiguous: a key given two different
 * values (two stadiums in 'Doha', two clubs called 'Al Ittihad') is dropped rather than
 * guessed at.
 */
export function uniqueIndex<K, V>(entries: Iterable<readonly [K, V]>): Map<K, V> {
  const index = new Map<K, V>()
  const ambiguous = new Set<K>()
  for (const [key, value] of entries) {
    if (ambiguous.has(key)) continue
    if (index.has(key) && index.get(key) !== value) {
      index.delete(key)
      ambiguous.add(key)
    } else {
      index.set(key, value)
    }
  }
  return index
}
