// `GET /api/v1/matches/{id}/live` (decision 116): the match's snapshot as its primary room
// keeps it, never a query, and kept at each edge location for a second, so a crowd of pages
// polling it (their socket refused or failed) costs the room about one call a second per
// location. Its ETag is the snapshot's version: a browser revalidates, and an unchanged match
// answers 304 without a body (the route's etag middleware).
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { afterAnswer } from '../../http/after-answer.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { roomSnapshot } from '../../live/rooms.ts'
import type { AppEnv } from '../../types.ts'
import { MatchNotFound } from './match-route.ts'

/** How long an edge location keeps the answer. */
const EDGE_SECONDS = 1

/** A kept copy older than this is never served, however the cache rounds EDGE_SECONDS (issue 25: 2 s at most). */
const EDGE_MAX_AGE_MS = 2000

const STORED_AT = 'x-hadaf-stored-at'

/** Browsers and caches downstream may keep the answer, and must ask again each time: with the ETag, a 304. */
const DOWNSTREAM_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

export async function edgeSnapshot(c: Context<AppEnv>, match: number): Promise<Response> {
  // A signed call (the live desk reading back the change it has just made) gets the room's
  // snapshot, which holds that change already, rather than the edge's copy, a second behind.
  if (c.req.header('authorization')) return served(await fromRoom(c, match), 'BYPASS')
  const cache = await caches.open('live')
  // The message is worded in the caller's language, so each language has its copy.
  const key = new Request(`${new URL(c.req.url).origin}/api/v1/matches/${match}/live?lang=${c.var.lang}`)
  const kept = await cache.match(key)
  if (kept && Date.now() - Number(kept.headers.get(STORED_AT)) <= EDGE_MAX_AGE_MS) return served(kept, 'HIT')
  const copy = await fromRoom(c, match)
  afterAnswer(c, 'live_cache', cache.put(key, copy.clone()))
  return served(copy, 'MISS')
}

/** The answer as the edge keeps it, from the match's primary room. */
async function fromRoom(c: Context<AppEnv>, match: number): Promise<Response> {
  const snapshot = await roomSnapshot(c.env, match)
  if (!snapshot) throw new ApiError(404, MatchNotFound)
  const answer = ok(c, msg`OK`, snapshot)
  return new Response(answer.body, {
    headers: {
      'Content-Type': answer.headers.get('Content-Type') ?? 'application/json',
      // Weak: the same version may be written out again differently (decision 116).
      ETag: `W/"${snapshot.version}-${c.var.lang}"`,
      'Cache-Control': `max-age=${EDGE_SECONDS}`,
      [STORED_AT]: String(Date.now()),
    },
  })
}

function served(copy: Response, cacheStatus: 'HIT' | 'MISS' | 'BYPASS'): Response {
  return new Response(copy.body, {
    headers: {
      'Content-Type': copy.headers.get('Content-Type')!,
      ETag: copy.headers.get('ETag')!,
      'Cache-Control': DOWNSTREAM_CACHE_CONTROL,
      Vary: 'Accept-Language',
      'X-Cache': cacheStatus,
    },
  })
}
