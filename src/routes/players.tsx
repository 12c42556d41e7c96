// A player: profile, their record in the competitions Hadaf covers, matches, posts.
import { FollowButton } from '../components/follow-button.tsx'
import type { FollowProps } from '../../client/islands/follow.tsx'
import { followState } from '../http/follow-state.ts'
import { readerSpoilers } from '../http/spoilers.ts'
import { veilAll } from '../football/spoilers.ts'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import { ageOn } from '../../lib/format.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { GoalsHiddenNote, MatchList, TeamLink } from '../components/football.tsx'
import { PictureCredit } from '../components/picture-credit.tsx'
import { Image } from '../components/placeholder-image.tsx'
import { RatingWidget } from '../components/rating.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { loadPlayer, type PlayerPage, type PlayerSeasonRecord } from '../db/players.ts'
import { contentRenderer, namedPage } from '../layouts/renderers.tsx'
import { scope } from '../http/page-scopes.ts'
import { edgeCache, showsScopes } from '../middleware/edge-cache.ts'
import { Fact } from '../components/fact.tsx'
import { bilingualName, person, seoContext } from '../seo/json-ld.ts'
import { usePageRequest } from '../request-context.tsx'
import { found, IdParams, urlInput } from '../http/params.ts'
import type { AppEnv } from '../types.ts'

export const players = new Hono<AppEnv>()
players.use('/player/*', edgeCache(), contentRenderer)

const POSITION = { GK: msg`Goalkeeper`, DF: msg`Defender`, MF: msg`Midfielder`, FW: msg`Forward` }

function PlayerView({ page, follow }: { page: PlayerPage; follow: FollowProps }) {
  const { lang } = usePageRequest()
  const { i18n, t } = useLingui()
  const { player } = page
  return (
    <>
      <section className="identity">
        <Image src={player.photo} alt={t`Photo`} placeholder="avatar" width={96} height={96} lazy={false} className="portrait" />
        <dl>
          {player.position ? <Fact label={<Trans>Position</Trans>}>{i18n._(POSITION[player.position])}</Fact> : null}
          {player.shirtNumber !== null ? <Fact label={<Trans>Shirt number</Trans>}>{player.shirtNumber}</Fact> : null}
          {player.dateOfBirth ? <Fact label={<Trans>Age</Trans>}>{ageOn(player.dateOfBirth, new Date())}</Fact> : null}
          {player.nationality ? <Fact label={<Trans>Nationality</Trans>}><TeamLink team={player.nationality} full /></Fact> : null}
          {player.club ? <Fact label={<Trans>Club</Trans>}><TeamLink team={player.club} full /></Fact> : null}
          <PictureCredit picture={player.photoCredit} />
        </dl>
        <FollowButton {...follow} />
      </section>
      {player.bio ? <p className="bio">{localized(player.bio, lang)}</p> : null}
      {page.matches.some((m) => m.hidden) ? <GoalsHiddenNote /> : <PlayerRecord record={page.record} />}
      <RatingWidget type="player" id={player.id} totals={player.rating} path={href(lang, 'player', { id: player.id })} />
      <MatchList matches={page.matches} title={<Trans>Matches</Trans>} />
      <RelatedPosts posts={page.posts} />
    </>
  )
}

/**
 * Goals and matches per competition season that Hadaf holds, named as such: the data covers a
 * few competitions, so a sum would read as a career total it is not.
 */
function PlayerRecord({ record }: { record: PlayerSeasonRecord[] }) {
  const { lang } = usePageRequest()
  return (
    <section className="player-record" aria-labelledby="record-title">
      <h2 id="record-title">
        <Trans>In the competitions Hadaf covers</Trans>
      </h2>
      {record.length === 0 ? (
        <p>
          <Trans>Hadaf holds no squad, lineup or goal for this player yet.</Trans>
        </p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="figures">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Competition</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Matches on record</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Goals</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {record.map((r) => (
                  <tr key={`${r.competition.id} ${r.season}`}>
                    <th scope="row">
                      <a href={href(lang, 'league', { id: r.competition.id, season: r.season })}>
                        <bdi>{localized(r.competition.name, lang)}</bdi> <bdi>{r.season}</bdi>
                      </a>
                    </th>
                    <td>{r.matches}</td>
                    <td>{r.goals}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="figures-note">
            <Trans>
              Only what Hadaf holds for these competitions, not career totals: a match counts when its lineup or its events name the player.
            </Trans>
          </p>
        </>
      )}
    </section>
  )
}

players.get('/player/:id', urlInput('param', IdParams), async (c) => {
  const { id } = c.req.valid('param')
  // Both on the request's one connection, pipelined: a guest's state costs nothing (decision 129).
  // The session brings a spoiler-free reader's reveals and follows (decision 139); then the follow state.
  const [loaded, [spoilers, following]] = await Promise.all([
    loadPlayer(c.var.db.sql, id),
    readerSpoilers(c).then(async (scope) => [scope, await followState(c, { type: 'player', id })] as const),
  ])
  const unveiled = found(loaded)
  const page = { ...unveiled, matches: veilAll(spoilers, unveiled.matches) }
  const { lang } = c.var
  const { player } = page
  // A change to one of the player's matches (its score, its state) is a change to both its clubs.
  const clubs = new Set(page.matches.flatMap((m) => [m.home.id, m.away.id]))
  showsScopes(c, scope.player(player.id), scope.tag('player', player.id), ...[...clubs].map(scope.club))
  const name = localized(player.name, lang)
  const description = c.var.i18n._(msg`${name}: profile, goals and matches.`)
  return c.render(<PlayerView page={page} follow={{ type: 'player', id: player.id, following, page: href(lang, 'player', { id: player.id }) }} />, {
    ...namedPage(name, description),
    toaster: true,
    jsonLd: [
      person(seoContext(c), {
        path: href(lang, 'player', { id: player.id }),
        ...bilingualName(player.name, lang),
        image: player.photo,
        birthDate: player.dateOfBirth,
        nationality: player.nationality ? localized(player.nationality.name, lang) : null,
        team: player.club ? { name: localized(player.club.name, lang), path: href(lang, 'club', { id: player.club.id }) } : null,
        description,
      }),
    ],
  })
})
