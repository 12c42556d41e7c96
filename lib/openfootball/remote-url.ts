// Which openfootball addresses may be fetched, and how a fetched file is named: the importer's
// `npm run import -- https://…` (scripts/import/remote.ts) and the worker's openfootball sync
// share the rule. The URL's path stands for the file's path (the parser and the season come
// from it). Only https:// is fetched; plain http:// only from this machine (docs/decisions/ 063).

/** Anything written as `scheme://…` is meant as a URL, so a typo in the scheme is refused rather than read as a path. */
export function isRemote(path: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path)
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/** The URL if it may be fetched: https, or http to this machine (a local stand-in); else why not. */
export function remoteUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch (e) {
    throw new Error('not a valid URL', { cause: e })
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))) return url
  if (url.protocol === 'http:') throw new Error('plain http:// is refused (the data could be altered on the way); use https://')
  throw new Error(`${url.protocol}// is not fetched; give an https:// URL`)
}

/** How parse errors and progress lines name a fetched file; its path is what the parsers read. */
export function remoteFileName(url: URL): string {
  return `${url.origin}${url.pathname}`
}
