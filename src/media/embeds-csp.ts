// The embedded players a page may load (security.md: "Allow only the media and identity hosts
// that are actually configured"): a page with a YouTube or Vimeo source adds that provider's
// frame, poster and lookup hosts to its CSP, and every other page keeps them out. The CSP's
// per-request parts (security-headers.ts) are decided before the route has loaded its data,
// so the route names its embeds here and the header is widened once the route has answered.
import type { Context } from 'hono'
import { embedsOf, PROVIDER_HOSTS } from '../../lib/media-sources.ts'
import type { AppEnv } from '../types.ts'

const DIRECTIVES = new Map([
  ['frame-src', 'frame'],
  ['img-src', 'img'],
  ['connect-src', 'connect'],
] as const)

/** Lets this page embed the providers that `media` plays from. */
export function allowMediaEmbeds(c: Context<AppEnv>, media: Parameters<typeof embedsOf>[0]): void {
  const embeds = new Set([...(c.var.mediaEmbeds ?? []), ...embedsOf(media)])
  if (embeds.size > 0) c.set('mediaEmbeds', [...embeds])
}

/** Adds the hosts of the embeds this page allowed to the response's CSP. */
export function widenForMediaEmbeds(c: Context<AppEnv>): void {
  const embeds = c.var.mediaEmbeds
  const policy = c.res.headers.get('Content-Security-Policy')
  if (!embeds?.length || !policy) return
  const widened = policy.split(';').map((part) => {
    const key = DIRECTIVES.get(part.trim().split(' ')[0] as never)
    return key ? [part.trimEnd(), ...embeds.flatMap((embed) => PROVIDER_HOSTS[embed][key])].join(' ') : part
  })
  c.res.headers.set('Content-Security-Policy', widened.join(';'))
}
