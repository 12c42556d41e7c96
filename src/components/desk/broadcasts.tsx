// Where to watch at the desk (issue 26): one match's broadcasts as a form of rows, and a
// round's matches with what each is on, where one channel is put on every match at once.
// Plain forms: they work without a script.
import { Trans, useLingui } from '@lingui/react/macro'
import { COMMENTARY_LANGUAGE_CODES, commentaryLanguageName } from '../../../lib/languages.ts'
import { href } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import type { Broadcast, Channel, Round, RoundMatch } from '../../db/channels.ts'
import type { DeskSeason } from '../../db/desk-deductions.ts'
import type { MatchSummary } from '../../db/football-fragments.ts'
import { usePageRequest } from '../../request-context.tsx'
import { CountryList } from './channels.tsx'
import { DeskField, DeskFormError, DeskTable, DeskTime } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'
import { type Refused, shown } from './football-parts.tsx'

/** "Al Ahly v Zamalek", in the desk's language. */
function useMatchName(match: MatchSummary): string {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const [home, away] = [localized(match.home.name, lang), localized(match.away.name, lang)]
  return t`${home} v ${away}`
}

function ChannelSelect({ channels, attributes, value }: { channels: Channel[]; attributes: object; value: string }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <select {...attributes} defaultValue={value}>
      <option value="">{t`No channel`}</option>
      {channels.map((channel) => (
        <option key={channel.id} value={channel.id}>
          {deskName(channel.name, lang)}
        </option>
      ))}
    </select>
  )
}

function LanguageSelect({ attributes, value }: { attributes: object; value: string }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <select {...attributes} defaultValue={value}>
      <option value="">{t`Not said`}</option>
      {COMMENTARY_LANGUAGE_CODES.map((code) => (
        <option key={code} value={code}>
          {commentaryLanguageName(code, lang)}
        </option>
      ))}
    </select>
  )
}

/** A broadcast's fields as the form holds them: codes and names as text, one commentator a line. */
function broadcastValues(broadcast: Broadcast | undefined): Record<'channel_id' | 'countries' | 'language' | 'commentators.ar' | 'commentators.en', string> {
  return {
    channel_id: broadcast?.channel.id ?? '',
    countries: broadcast?.countries.join(' ') ?? '',
    language: broadcast?.language ?? '',
    'commentators.ar': broadcast?.commentators.map((voice) => voice.ar ?? '').join('\n') ?? '',
    'commentators.en': broadcast?.commentators.map((voice) => voice.en ?? '').join('\n') ?? '',
  }
}

const COUNTRIES_HINT = <Trans>Two-letter codes separated by spaces, such as EG SA. Empty: the channel's countries.</Trans>

function BroadcastRow({ row, stored, channels, refused }: { row: number; stored: Broadcast | undefined; channels: Channel[]; refused: Refused | undefined }) {
  const errors = refused?.failure.errors ?? {}
  const values = broadcastValues(stored)
  const field = (name: keyof typeof values) => `${row}.${name}`
  const value = (name: keyof typeof values) => shown(refused, field(name), values[name])
  const number = row + 1
  return (
    <fieldset className="desk-fieldset">
      <legend>
        <Trans>Broadcast {number}</Trans>
      </legend>
      <div className="desk-broadcast">
        <DeskField name={field('channel_id')} label={<Trans>Channel</Trans>} error={errors[field('channel_id')]}>
          {(attributes) => <ChannelSelect channels={channels} attributes={attributes} value={value('channel_id')} />}
        </DeskField>
        <DeskField name={field('countries')} label={<Trans>Countries</Trans>} hint={COUNTRIES_HINT} error={errors[field('countries')]}>
          {(attributes) => <input {...attributes} type="text" maxLength={750} dir="ltr" lang="en" defaultValue={value('countries')} />}
        </DeskField>
        <DeskField name={field('language')} label={<Trans>Commentary in</Trans>} error={errors[field('language')]}>
          {(attributes) => <LanguageSelect attributes={attributes} value={value('language')} />}
        </DeskField>
      </div>
      <div className="desk-pair">
        <DeskField
          name={field('commentators.ar')}
          label={<Trans>Commentators in Arabic</Trans>}
          hint={<Trans>One a line; a line here and the same line in English name one person.</Trans>}
          error={errors[field('commentators.ar')]}
        >
          {(attributes) => <textarea {...attributes} rows={2} dir="rtl" lang="ar" defaultValue={value('commentators.ar')} />}
        </DeskField>
        <DeskField name={field('commentators.en')} label={<Trans>Commentators in English</Trans>} error={errors[field('commentators.en')]}>
          {(attributes) => <textarea {...attributes} rows={2} dir="ltr" lang="en" defaultValue={value('commentators.en')} />}
        </DeskField>
      </div>
    </fieldset>
  )
}

/** How many rows a match's form shows: its broadcasts and two empty ones, at least three. */
export function formRows(broadcasts: number): number {
  return Math.max(broadcasts + 2, 3)
}

export function MatchBroadcastsPage({
  match,
  broadcasts,
  channels,
  rows,
  refused,
}: {
  match: MatchSummary
  broadcasts: Broadcast[]
  channels: Channel[]
  rows: number
  refused: Refused | undefined
}) {
  const { lang } = usePageRequest()
  return (
    <div className="desk-football">
      <p className="desk-actions">
        <a href={href(lang, 'deskMatch', { id: match.id })}>
          <Trans>The match on the live desk</Trans>
        </a>
        <a href={href(lang, 'match', { id: match.id })}>
          <Trans>The match page</Trans>
        </a>
        <a href={href(lang, 'deskChannels')}>
          <Trans>Channels</Trans>
        </a>
      </p>
      <p>
        <bdi>{localized(match.competition.name, lang)}</bdi> · <DeskTime iso={match.kickoff} />
      </p>
      <form className="desk-form" method="post" action={href(lang, 'deskMatchBroadcasts', { id: match.id })} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <input type="hidden" name="rows" value={rows} />
        {Array.from({ length: rows }, (_, row) => (
          <BroadcastRow key={row} row={row} stored={broadcasts[row]} channels={channels} refused={refused} />
        ))}
        <p className="desk-actions">
          <button className="button" type="submit">
            <Trans>Save where to watch</Trans>
          </button>
        </p>
      </form>
    </div>
  )
}

/** What a match is on, in a line: "beIN SPORTS (Egypt, Qatar …)". */
function BroadcastSummary({ broadcasts }: { broadcasts: Broadcast[] }) {
  const { lang } = usePageRequest()
  if (broadcasts.length === 0) {
    return (
      <span className="desk-muted">
        <Trans>None yet</Trans>
      </span>
    )
  }
  return (
    <ul className="desk-broadcast-list">
      {broadcasts.map((broadcast) => (
        <li key={broadcast.channel.id}>
          <bdi>{deskName(broadcast.channel.name, lang)}</bdi> (<CountryList codes={broadcast.countries} />)
        </li>
      ))}
    </ul>
  )
}

function RoundMatchRow({ item }: { item: RoundMatch }) {
  const { lang } = usePageRequest()
  const name = useMatchName(item.match)
  return (
    <tr>
      <td>
        <DeskTime iso={item.match.kickoff} />
      </td>
      <td>
        <a href={href(lang, 'deskMatchBroadcasts', { id: item.match.id })}>
          <bdi>{name}</bdi>
        </a>
      </td>
      <td>
        <BroadcastSummary broadcasts={item.broadcasts} />
      </td>
    </tr>
  )
}

export function MatchBroadcastsHeading({ match }: { match: MatchSummary }) {
  return <bdi>{useMatchName(match)}</bdi>
}

export interface RoundChoice {
  seasons: DeskSeason[]
  season: DeskSeason | undefined
  rounds: Round[]
  round: string | undefined
}

function RoundPicker({ choice }: { choice: RoundChoice }) {
  const { lang } = usePageRequest()
  const seasonName = (s: DeskSeason) => `${deskName(s.competition.name, lang)} ${s.label}`
  return (
    <form className="desk-search" method="get" action={href(lang, 'deskRounds')}>
      <label htmlFor="desk-round-season">
        <Trans>Season</Trans>
      </label>
      <select id="desk-round-season" name="season_id" defaultValue={choice.season?.id}>
        {choice.seasons.map((s) => (
          <option key={s.id} value={s.id}>
            {seasonName(s)}
          </option>
        ))}
      </select>
      {choice.rounds.length > 0 ? (
        <>
          <label htmlFor="desk-round-name">
            <Trans>Round</Trans>
          </label>
          <select id="desk-round-name" name="round" defaultValue={choice.round}>
            {choice.rounds.map((round) => (
              <option key={round.name} value={round.name}>
                {round.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <button className="button button-quiet" type="submit">
        <Trans>Show</Trans>
      </button>
    </form>
  )
}

function CopyForm({ choice, channels, refused }: { choice: RoundChoice; channels: Channel[]; refused: Refused | undefined }) {
  const { lang } = usePageRequest()
  const errors = refused?.failure.errors ?? {}
  return (
    <section aria-labelledby="desk-round-copy">
      <h2 id="desk-round-copy">
        <Trans>Put a channel on every match of the round</Trans>
      </h2>
      <p className="desk-muted">
        <Trans>A match that has the channel already takes these countries and this language; its commentators stay.</Trans>
      </p>
      <form className="desk-form" method="post" action={href(lang, 'deskRoundCopy')} noValidate>
        <DeskFormError message={refused?.failure.message} />
        <input type="hidden" name="season_id" value={choice.season?.id} />
        <input type="hidden" name="round" value={choice.round} />
        <div className="desk-broadcast">
          <DeskField name="channel_id" label={<Trans>Channel</Trans>} error={errors.channel_id}>
            {(attributes) => <ChannelSelect channels={channels} attributes={attributes} value={shown(refused, 'channel_id', '')} />}
          </DeskField>
          <DeskField name="countries" label={<Trans>Countries</Trans>} hint={COUNTRIES_HINT} error={errors.countries}>
            {(attributes) => <input {...attributes} type="text" maxLength={750} dir="ltr" lang="en" defaultValue={shown(refused, 'countries', '')} />}
          </DeskField>
          <DeskField name="language" label={<Trans>Commentary in</Trans>} error={errors.language}>
            {(attributes) => <LanguageSelect attributes={attributes} value={shown(refused, 'language', 'ar')} />}
          </DeskField>
        </div>
        <p className="desk-actions">
          <button className="button" type="submit">
            <Trans>Copy to every match of the round</Trans>
          </button>
        </p>
      </form>
    </section>
  )
}

export function RoundBroadcastsPage({
  choice,
  matches,
  channels,
  refused,
}: {
  choice: RoundChoice
  matches: RoundMatch[]
  channels: Channel[]
  refused: Refused | undefined
}) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const seasonName = choice.season ? `${deskName(choice.season.competition.name, lang)} ${choice.season.label}` : ''
  const round = choice.round
  return (
    <div className="desk-football">
      <p className="desk-actions">
        <a href={href(lang, 'deskChannels')}>
          <Trans>Channels</Trans>
        </a>
      </p>
      <RoundPicker choice={choice} />
      {round !== undefined ? (
        <>
          <section aria-labelledby="desk-round-matches">
            <h2 id="desk-round-matches">
              <Trans>
                <bdi>{round}</bdi> of <bdi>{seasonName}</bdi>
              </Trans>
            </h2>
            <DeskTable
              caption={t`The round's matches and where to watch them`}
              hideCaption
              columns={[<Trans>Kick-off</Trans>, <Trans>Match</Trans>, <Trans>Where to watch</Trans>]}
              items={matches}
              empty={<Trans>This round has no matches.</Trans>}
              row={(item) => <RoundMatchRow key={item.match.id} item={item} />}
            />
          </section>
          {matches.length > 0 ? <CopyForm choice={choice} channels={channels} refused={refused} /> : null}
        </>
      ) : (
        <p className="desk-empty">
          <Trans>This season has no rounds.</Trans>
        </p>
      )}
    </div>
  )
}
