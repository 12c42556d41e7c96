// A player: profile, goals and appearances where the data knows them, matches, posts.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import { ageOn } from '../../lib/format.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { otherLocale } from '../../lib/locales.ts'
import { MatchList, TeamLink } from '../components/football.tsx'
import { Image } from '../components/placeholder-image.tsx'
import { RatingWidget } from '../components/rating.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { loadPlayer, type PlayerPage } from '../db/football.ts'
import { renderNewPage } from '../layouts/render-new-page.tsx'
import { person, seoContext } from '../seo/json-ld.ts'
import { usePageRequest } from '../request-context.tsx'
import { parseId } from '../http/params.ts'
import type { AppEnv } from '../types.ts'

export const players = new Hono<AppEnv>()

const POSITION = { GK: msg`Goalkeeper`, DF: msg`Defender`, MF: msg`Midfielder`, FW: msg`Forward` }

function PlayerView({ page }: { page: PlayerPage }) {
  const { lang } = usePageRequest()
  const { i18n, t } = useLingui()
  const { player } = page
  return (
    <>
      <section className="identity">
        <Image src={player.photo} alt={t`Photo`} placeholder="avatar" width={96} height={96} lazy={false} className="portrait" />
        <dl>
          {player.position ? (
            <>
              <dt>
                <Trans>Position</Trans>
              </dt>
              <dd>{i18n._(POSITION[player.position])}</dd>
            </>
          ) : null}
          {player.shirtNumber !== null ? (
            <>
              <dt>
                <Trans>Shirt number</Trans>
              </dt>
              <dd>{player.shirtNumber}</dd>
            </>
          ) : null}
          {player.dateOfBirth ? (
            <>
              <dt>
                <Trans>Age</Trans>
              </dt>
              <dd>{ageOn(player.dateOfBirth, new Date())}</dd>
            </>
          ) : null}
          {player.nationality ? (
            <>
              <dt>
                <Trans>Nationality</Trans>
              </dt>
              <dd>
                <TeamLink team={player.nationality} full />
              </dd>
            </>
          ) : null}
          {player.club ? (
            <>
              <dt>
                <Trans>Club</Trans>
              </dt>
              <dd>
                <TeamLink team={player.club} full />
              </dd>
            </>
          ) : null}
          <dt>
            <Trans>Goals</Trans>
          </dt>
          <dd>{page.goals}</dd>
          <dt>
            <Trans>Appearances on record</Trans>
          </dt>
          <dd>{page.appearances}</dd>
        </dl>
      </section>
      {player.bio ? <p className="bio">{localized(player.bio, lang)}</p> : null}
      <RatingWidget type="player" id={player.id} totals={player.rating} path={href(lang, 'player', { id: player.id })} />
      <MatchList matches={page.matches} title={<Trans>Matches</Trans>} />
      <RelatedPosts posts={page.posts} />
    </>
  )
}

players.get('/player/:id', async (c) => {
  const id = parseId(c.req.param('id'))
  if (id === null) return c.notFound()
  const page = await loadPlayer(c.var.db.sql, id)
  if (!page) return c.notFound()
  const { lang } = c.var
  const { player } = page
  const name = localized(player.name, lang)
  const description = c.var.i18n._(msg`${name}: profile, goals and matches.`)
  return renderNewPage(
    c,
    { title: name, heading: <bdi>{name}</bdi>, crumbs: [{ label: name }] },
    <PlayerView page={page} />,
    {
      description,
      toaster: true,
      jsonLd: [
        person(seoContext(c), {
          path: href(lang, 'player', { id: player.id }),
          name,
          alternateName: localized(player.name, otherLocale(lang)),
          image: player.photo,
          birthDate: player.dateOfBirth,
          nationality: player.nationality ? localized(player.nationality.name, lang) : null,
          team: player.club ? { name: localized(player.club.name, lang), path: href(lang, 'club', { id: player.club.id }) } : null,
          description,
        }),
      ],
    },
  )
})
