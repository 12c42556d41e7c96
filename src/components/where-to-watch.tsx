// Where to watch a match (issue 26, section 3): the channels of the reader's country first and
// open, every other country's folded in a <details>. Each channel: its name, free-to-air or
// not, its commentators in the page's language, and how to get it. Names are plain text
// (decision 121) and sit in <bdi>: a channel's Latin name inside Arabic text keeps its order.
import { Trans, useLingui } from '@lingui/react/macro'
import { countryName } from '../../lib/countries.ts'
import { LOCALE_CONFIG, otherLocale } from '../../lib/locales.ts'
import { watchGroups } from '../../lib/where-to-watch.ts'
import type { Broadcast } from '../db/channels.ts'
import type { DayBroadcast } from '../db/matches.ts'
import { localized } from '../../lib/localized.ts'
import { usePageRequest } from '../request-context.tsx'
import { CountryPicker } from './country-picker.tsx'

function ChannelItem({ broadcast }: { broadcast: Broadcast }) {
  const { lang } = usePageRequest()
  const { channel } = broadcast
  const inPageLanguage = <T extends Partial<Record<'ar' | 'en', string>>>(text: T) => text[lang] ?? text[otherLocale(lang)]
  const commentators = broadcast.commentators.map(inPageLanguage).filter((name): name is string => Boolean(name))
  const reception = inPageLanguage(channel.reception)
  return (
    <li className="watch-channel">
      <p className="watch-channel-name">
        <bdi>{channel.name[lang]}</bdi>
        {channel.freeToAir ? (
          <span className="watch-access watch-access-free">
            <Trans>Free to air</Trans>
          </span>
        ) : (
          <span className="watch-access">
            <Trans>Subscription</Trans>
          </span>
        )}
      </p>
      {commentators.length > 0 ? (
        <p>
          <Trans>Commentary:</Trans>{' '}
          {new Intl.ListFormat(LOCALE_CONFIG[lang].intl).formatToParts(commentators).map((part, i) =>
            part.type === 'element' ? <bdi key={i}>{part.value}</bdi> : part.value,
          )}
        </p>
      ) : null}
      {reception ? <p>{reception}</p> : null}
      {channel.url ? (
        <p>
          <a href={channel.url} rel="external noopener">
            <Trans>
              <bdi>{channel.name[lang]}</bdi>'s website
            </Trans>
          </a>
        </p>
      ) : null}
    </li>
  )
}

function ChannelList({ broadcasts }: { broadcasts: Broadcast[] }) {
  return (
    <ul className="watch-channels">
      {broadcasts.map((broadcast) => (
        <ChannelItem key={broadcast.channel.id} broadcast={broadcast} />
      ))}
    </ul>
  )
}

export function WhereToWatch({ broadcasts }: { broadcasts: Broadcast[] }) {
  const { lang, country } = usePageRequest()
  const { t } = useLingui()
  const { mine, others } = watchGroups(broadcasts, country ?? undefined, lang)
  const myCountry = mine && countryName(mine.country, lang)
  return (
    <section className="where-to-watch" aria-labelledby="watch-title">
      <h2 id="watch-title">
        <Trans>Where to watch</Trans>
      </h2>
      {broadcasts.length === 0 ? (
        <p>
          <Trans>Not announced yet.</Trans>
        </p>
      ) : (
        <>
          <CountryPicker id="watch-country" offer={[...new Set(broadcasts.flatMap((broadcast) => broadcast.countries))]} />
          {mine ? (
            <>
              <h3>{t`In ${myCountry}`}</h3>
              {mine.broadcasts.length > 0 ? (
                <ChannelList broadcasts={mine.broadcasts} />
              ) : (
                <p>
                  <Trans>Not announced yet.</Trans>
                </p>
              )}
            </>
          ) : null}
          {others.map((group) => (
            <details key={group.countries.join()} className="watch-other">
              <summary>{new Intl.ListFormat(LOCALE_CONFIG[lang].intl).format(group.countries.map((code) => countryName(code, lang)))}</summary>
              <ChannelList broadcasts={group.broadcasts} />
            </details>
          ))}
        </>
      )}
    </section>
  )
}

/** The channels of the reader's country for one match in a list (the matches page, My Hadaf), the free-to-air ones marked, with their commentators. */
export function DayChannels({ broadcasts }: { broadcasts: DayBroadcast[] }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  if (broadcasts.length === 0) return null
  return (
    <ul className="match-watch" aria-label={t`On TV`}>
      {broadcasts.map((b, i) => {
        const commentators = b.commentators.map((name) => localized(name, lang)).filter(Boolean)
        return (
          <li key={i}>
            <bdi className="channel-name">{localized(b.channel, lang)}</bdi>
            {b.freeToAir ? <span className="free-badge">{t`Free to air`}</span> : null}
            {commentators.length > 0 ? (
              <span className="commentators">
                <Trans>Commentary:</Trans> <bdi>{commentators.join('، ')}</bdi>
              </span>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
