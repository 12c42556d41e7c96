// The team sheets: each side's starting eleven, bench, formation and coach. The server renders
// them once the desk has entered one; on a live page the browser redraws them when the desk
// saves a change (client/plain/match-lineups.ts).
import type { Lineup, LineupPlayer, Lineups as LineupsData } from '../../lib/live.ts'
import type { Locale } from '../../lib/locales.ts'
import type { LineupWords } from './live-words.ts'
import { playerName } from './live-text.ts'
import { splitAround } from './templates.ts'

function Players({ players, lang }: { players: LineupPlayer[]; lang: Locale }) {
  return (
    <ol className="lineup-players">
      {players.map((player, index) => (
        <li key={index}>
          <span className="lineup-number">{player.shirtNumber ?? ''}</span>
          <bdi>{playerName(player, lang)}</bdi>
        </li>
      ))}
    </ol>
  )
}

function Side({ lineup, team, lang, words }: { lineup: Lineup; team: string; lang: Locale; words: LineupWords }) {
  const [before, after] = splitAround(words.coach, 'coach')
  return (
    <div className="lineup">
      <h3>
        <bdi>{team}</bdi>
        {lineup.formation ? (
          <>
            {' '}
            <bdi dir="ltr" className="lineup-formation">
              {lineup.formation}
            </bdi>
          </>
        ) : null}
      </h3>
      <h4>{words.starters}</h4>
      <Players players={lineup.starters} lang={lang} />
      {lineup.bench.length > 0 ? (
        <>
          <h4>{words.bench}</h4>
          <Players players={lineup.bench} lang={lang} />
        </>
      ) : null}
      {lineup.coach ? (
        <p className="lineup-coach">
          {before}
          <bdi>{lineup.coach}</bdi>
          {after}
        </p>
      ) : null}
    </div>
  )
}

export function Lineups({ lineups, lang, words }: { lineups: LineupsData; lang: Locale; words: LineupWords }) {
  if (!lineups.home && !lineups.away) return null
  return (
    <section className="lineups" aria-labelledby="lineups-title">
      <h2 id="lineups-title">{words.title}</h2>
      <div className="lineups-sides">
        {lineups.home ? <Side lineup={lineups.home} team={words.home} lang={lang} words={words} /> : null}
        {lineups.away ? <Side lineup={lineups.away} team={words.away} lang={lang} words={words} /> : null}
      </div>
    </section>
  )
}
