// The parts of a file's path the parsers read (its name, its folder, its extension), for
// paths on disk and URL paths alike. Written here rather than taken from node:path so the
// parsers also run inside the worker, where the openfootball sync feeds them fetched text.

/** The last segment, less `suffix` when it ends with it: 'a/2024-25/en.1.json' → 'en.1.json'. */
export function basename(path: string, suffix = ''): string {
  const name = path.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? ''
  return suffix !== '' && name.endsWith(suffix) && name !== suffix ? name.slice(0, -suffix.length) : name
}

/** Everything before the last segment: 'a/2024-25/en.1.json' → 'a/2024-25'. */
export function dirname(path: string): string {
  const cut = path.replace(/[\\/]+$/, '').search(/[\\/][^\\/]*$/)
  return cut <= 0 ? (cut === 0 ? '/' : '.') : path.slice(0, cut)
}

/** The name's extension with its dot, or '' ('.json'; a leading dot does not count). */
export function extname(path: string): string {
  const name = basename(path)
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot)
}
