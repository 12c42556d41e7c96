// The editor's calls for one match of the matchday scenario, at the rates of a real match:
// the steps (kick-off, half time, the second half, full time); the goals of the two clubs'
// last real meeting: its goal events where the data has them, else goals made up to its
// half-time and full-time scores (most of openfootball's league files give scores alone);
// and what the data never records, made up at a real match's rates and named after players
// of each side's squad: 4 bookings, 6 substitutions and 60 entries of live text per 90
// minutes (the low end of a desk's 60 to 100, so ten matches' calls keep closer to the clock
// on a small machine). Pure and seeded, so a plan is tested without a server and two runs send the same calls.
import type { EditorCall } from '../live/editor-api.ts'
import { eventCall, type OriginalMatch, type ReplayStep } from '../live/replay-plan.ts'

/** A real match's figures per 90 minutes (goals come from the match replayed). */
export const MATCH_RATES = { bookings: 4, substitutions: 6, liveText: 60 }

/** Added time of each half, and the break, in match minutes. */
const ADDED = { first: 2, second: 4 }
const BREAK_MINUTES = 15

export interface SquadPlayer {
  id: number
  name: string
}

export interface MatchdayMatch {
  /** The real meeting whose goals are played again, its home side this match's; null when the clubs never met (0–0). */
  meeting: OriginalMatch | null
  squads: { home: SquadPlayer[]; away: SquadPlayer[] }
}

/** A meeting at the other club's ground, told from this match's side: home and away swap. */
export function turned(meeting: OriginalMatch): OriginalMatch {
  const swap = (pair: OriginalMatch['ft']) => (pair ? ([pair[1], pair[0]] as [number, number]) : null)
  return {
    ft: swap(meeting.ft),
    ht: swap(meeting.ht),
    et: swap(meeting.et),
    pen: swap(meeting.pen),
    events: meeting.events.map((e) => ({ ...e, side: e.side === 1 ? 2 : 1 })),
  }
}

/** What live text says; each entry takes one and the minute. */
const LIVE_TEXT = [
  { en: 'A long ball forward, cleared at the near post.', ar: 'كرة طويلة إلى الأمام تُبعد عند القائم القريب.' },
  { en: 'Patient passing in midfield.', ar: 'تمرير هادئ في وسط الملعب.' },
  { en: 'A corner, headed over the bar.', ar: 'ركنية، ورأسية فوق العارضة.' },
  { en: 'A shot from distance, saved.', ar: 'تسديدة من بعيد يتصدى لها الحارس.' },
  { en: 'Offside: the flag goes up.', ar: 'تسلل: الراية ترتفع.' },
  { en: 'A free kick in a promising position.', ar: 'ركلة حرة في موقع واعد.' },
]

/**
 * When a match minute is reached, in match minutes since kick-off: the first half runs with its
 * added time, then the break, then the second half counted from its 46th minute.
 */
export function elapsedAt(minute: number, stoppage: number | null): number {
  const added = Math.min(stoppage ?? 0, minute > 45 ? ADDED.second : ADDED.first)
  return minute <= 45 ? minute + added : minute + ADDED.first + BREAK_MINUTES + added
}

/** The match's calls, each at its time: `secondsPer90` is how long 90 minutes of play take. */
export function planMatchday(match: MatchdayMatch, secondsPer90: number, random: () => number): ReplayStep[] {
  const at = (elapsed: number) => Math.round((elapsed / 90) * secondsPer90 * 1000)
  const minute = (from: number, to: number) => from + Math.floor(random() * (to - from + 1))
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)]
  const side = (): 'home' | 'away' => (random() < 0.5 ? 'home' : 'away')
  const calls: { elapsed: number; call: EditorCall }[] = [
    { elapsed: 0, call: step('kick_off') },
    { elapsed: 45 + ADDED.first + 0.5, call: step('half_time') },
    { elapsed: elapsedAt(46, null) - 1, call: step('second_half') },
    { elapsed: elapsedAt(90, ADDED.second) + 0.5, call: step('full_time') },
  ]
  const recorded = match.meeting?.events.filter((e) => e.minute <= 90) ?? []
  for (const event of recorded) calls.push({ elapsed: elapsedAt(event.minute, event.stoppage), call: eventCall(event) })
  // A meeting known by its score alone: its goals at made-up minutes, in the half its half-time score puts them.
  const score = recorded.length === 0 ? match.meeting?.ft : null
  for (const [index, scorer] of (['home', 'away'] as const).entries()) {
    const total = score?.[index] ?? 0
    const firstHalf = Math.min(total, match.meeting?.ht?.[index] ?? Math.round(total / 2))
    for (let n = 0; n < total; n++) {
      const m = n < firstHalf ? minute(1, 45) : minute(46, 90)
      calls.push({ elapsed: elapsedAt(m, null), call: event({ kind: 'goal', minute: m, side: scorer, player: pick(match.squads[scorer]) }) })
    }
  }
  for (let n = 0; n < MATCH_RATES.bookings; n++) {
    const booked = side()
    const player = pick(match.squads[booked])
    const m = minute(10, 90)
    calls.push({ elapsed: elapsedAt(m, null), call: event({ kind: 'yellow_card', minute: m, side: booked, player }) })
  }
  for (let n = 0; n < MATCH_RATES.substitutions; n++) {
    const changing = side()
    const off = pick(match.squads[changing])
    const on = pick(match.squads[changing].filter((p) => p !== off))
    const m = minute(55, 88)
    calls.push({ elapsed: elapsedAt(m, null), call: event({ kind: 'substitution', minute: m, side: changing, player: off, other: on }) })
  }
  for (let n = 0; n < MATCH_RATES.liveText; n++) {
    const m = minute(1, 90)
    calls.push({ elapsed: elapsedAt(m, null) + random() * 0.9, call: { method: 'POST', path: '/commentary', body: { minute: m, text: pick(LIVE_TEXT) } } })
  }
  return calls.sort((a, b) => a.elapsed - b.elapsed).map(({ elapsed, call }) => ({ at: at(elapsed), ...call }))
}

function step(name: 'kick_off' | 'half_time' | 'second_half' | 'full_time'): EditorCall {
  return { method: 'PATCH', path: '', body: { step: name } }
}

/** A goal, a booking or a substitution; a side with no squad names its player "Player". */
function event(e: { kind: 'goal' | 'yellow_card' | 'substitution'; minute: number; side: 'home' | 'away'; player?: SquadPlayer; other?: SquadPlayer }): EditorCall {
  return eventCall({
    kind: e.kind,
    minute: e.minute,
    stoppage: null,
    side: e.side === 'home' ? 1 : 2,
    playerId: e.player?.id ?? null,
    playerName: e.player?.name ?? 'Player',
    otherPlayerId: e.kind === 'substitution' ? (e.other?.id ?? null) : null,
    otherPlayerName: e.kind === 'substitution' ? (e.other?.name ?? 'Substitute') : null,
    detail: null,
  })
}
