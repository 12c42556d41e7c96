// The live desk's console (issue 16 §1): an editor runs a match from here. The scoreboard
// with its running clock, the status steps that follow from where the match is, a button and
// a key for each kind of event, undo of the last event, the live text and the team sheets.
// Every change is one click (or key) and a confirmation; after each, the console reads the
// match again, so what it shows is what readers get. Keys never fire while a field has focus.
import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { clockMinute, EVENT_KINDS, type EventKind, hasKickedOff, liveScore, type LiveSnapshot, MATCH_STEPS, minuteText, namedPhase, type SquadPlayer, stepFollows } from '../../lib/live.ts'
import { type Ask, callConsole, type Change } from '../desk/console-api.ts'
import { EVENT_KEYS, KEY_NAMES, pressed, STEP_WORDS } from '../desk/console-words.ts'
import { EventForm, type Side } from '../desk/event-form.tsx'
import { LineupEditor } from '../desk/lineup-editor.tsx'
import { LiveText } from '../desk/live-text.tsx'
import { EVENT_WORDS, PHASE_WORDS } from '../live/live-words.ts'
import { ScoreDigits, StatusBadge } from '../live/scoreboard.tsx'
import { Timeline } from '../live/timeline.tsx'
import { isTyping } from '../typing.ts'
import { useHydrated } from '../use-hydrated.ts'

export interface LiveConsoleProps {
  /** Where the console calls the live API about this match (`…/api`, then `/events` and so on). */
  api: string
  /** The teams' names in the page's language. */
  teams: Record<Side, string>
  live: LiveSnapshot
  squads: Record<Side, SquadPlayer[]>
  /** For the badge, which says so, as the match's own page does. */
  demo: boolean
  replayOf: number | null
  /** When the page was rendered: the badge's minute reads from it until the island runs. */
  renderedAt: number
}

/** A change waiting for the editor's confirmation. */
interface Pending {
  question: string
  run: () => Promise<boolean>
}

/** Now, each second, once the island runs; null before, so the first render matches the server's. */
function useNow(): number | null {
  const hydrated = useHydrated()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return hydrated ? now : null
}

/** The clock as a match clock shows it: minutes and seconds played, added time counted on (46:12). */
function clockText(live: LiveSnapshot, now: number): string | null {
  const clock = clockMinute(live, now)
  if (!clock || !live.periodStartedAt) return null
  const seconds = Math.max(0, Math.floor((now - Date.parse(live.periodStartedAt)) / 1000)) % 60
  return `${clock.minute - 1 + (clock.stoppage ?? 0)}:${String(seconds).padStart(2, '0')}`
}

export default function LiveConsole({ api, teams, live: initial, squads, demo, replayOf, renderedAt }: LiveConsoleProps) {
  const { t, i18n } = useLingui()
  const [live, setLive] = useState(initial)
  const [side, setSide] = useState<Side>('home')
  const [draft, setDraft] = useState<EventKind | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const now = useNow()
  const form = useRef<HTMLFormElement>(null)
  const offline = t`The connection failed. Please try again.`

  const change: Change = useCallback(
    async (method, path, body) => {
      setBusy(true)
      const outcome = await callConsole(api, method, path, body, offline)
      setError(outcome.ok ? null : outcome.reason)
      // Read back what was saved, and what another editor may have saved meanwhile.
      const fresh = await callConsole<LiveSnapshot>(api, 'GET', '/live', undefined, offline)
      if (fresh.ok) setLive(fresh.data)
      setBusy(false)
      return outcome.ok
    },
    [api, offline],
  )
  const ask: Ask = useCallback((question, run) => {
    setDraft(null)
    setPending({ question, run })
  }, [])

  const lastEvent = live.events.reduce<LiveSnapshot['events'][number] | null>((last, e) => (last && last.id > e.id ? last : e), null)
  // Events can be added once a match has kicked off: the API's rule (src/db/live.ts).
  const started = hasKickedOff(live.status)
  const askUndo = () => {
    if (!lastEvent) return
    const what = `${i18n._(EVENT_WORDS[lastEvent.kind])} ${minuteText(lastEvent)} ${lastEvent.playerName}`.trim()
    ask(t`Undo the last event: ${what}?`, () => change('DELETE', `/events/${lastEvent.id}`))
  }

  // The console's keys, with this render's state.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      setDraft(null)
      setPending(null)
      return
    }
    if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey || event.repeat || busy) return
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      if (pending) void confirm()
      else form.current?.requestSubmit()
      return
    }
    if (pressed(event, 'h') || pressed(event, 'a')) {
      setSide(pressed(event, 'h') ? 'home' : 'away')
      return
    }
    if (pending) return
    const kind = EVENT_KINDS.find((k) => pressed(event, EVENT_KEYS[k]))
    if (kind && started) {
      event.preventDefault()
      setDraft(kind)
    } else if (pressed(event, 'u') && lastEvent && !draft) askUndo()
  }
  useEffect(() => {
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  async function confirm() {
    if (!pending) return
    setPending(null)
    await pending.run()
  }

  const clock = now === null ? null : clockText(live, now)
  const score = liveScore(live, started)
  return (
    <div className="console">
      <section className="console-board" aria-label={t`Scoreboard`}>
        <p className="console-teams">
          <bdi className="console-team">{teams.home}</bdi>
          {score ? <ScoreDigits score={score} pen={live.pen} /> : <span className="score score-pending">–</span>}
          <bdi className="console-team">{teams.away}</bdi>
        </p>
        <p className="console-state">
          {/* The badge readers see; the half it does not name (it names only a break or a shoot-out) beside it. */}
          <StatusBadge match={{ ...live, demo, replayOf }} now={now ?? renderedAt} />
          {live.phase && !namedPhase(live) ? <span>{i18n._(PHASE_WORDS[live.phase])}</span> : null}
          {clock ? (
            <span className="console-clock">
              <Trans>Clock</Trans> <bdi dir="ltr">{clock}</bdi>
            </span>
          ) : null}
        </p>
      </section>

      {error ? (
        <p className="desk-form-error" role="alert">
          {error}
        </p>
      ) : null}

      {pending ? (
        <div className="console-confirm" role="group" aria-labelledby="console-question">
          <p id="console-question">{pending.question}</p>
          <button className="button" type="button" autoFocus onClick={() => void confirm()}>
            <Trans>Confirm</Trans> <kbd>{KEY_NAMES.enter}</kbd>
          </button>
          <button className="button button-quiet" type="button" onClick={() => setPending(null)}>
            <Trans>Cancel</Trans> <kbd>{KEY_NAMES.escape}</kbd>
          </button>
        </div>
      ) : null}

      <section aria-labelledby="console-steps">
        <h2 id="console-steps">
          <Trans>Match status</Trans>
        </h2>
        <div className="console-buttons">
          {MATCH_STEPS.map((step) => {
            const word = i18n._(STEP_WORDS[step])
            return (
              <button key={step} className="button" type="button" disabled={busy || !stepFollows(live, step)} onClick={() => ask(t`${word}: confirm?`, () => change('PATCH', '', { step }))}>
                {word}
              </button>
            )
          })}
        </div>
      </section>

      <section aria-labelledby="console-events">
        <h2 id="console-events">
          <Trans>Events</Trans>
        </h2>
        <SidePicker side={side} teams={teams} onChange={setSide} />
        <div className="console-buttons">
          {EVENT_KINDS.map((kind) => (
            <button key={kind} className={`button console-event event-${kind}`} type="button" disabled={busy || !started} aria-pressed={draft === kind} onClick={() => setDraft(kind)}>
              {i18n._(EVENT_WORDS[kind])} <kbd>{EVENT_KEYS[kind]}</kbd>
            </button>
          ))}
        </div>
        {draft && now !== null ? (
          <EventForm
            key={draft}
            ref={form}
            kind={draft}
            side={side}
            onSide={setSide}
            teams={teams}
            live={live}
            squads={squads}
            now={now}
            busy={busy}
            onCancel={() => setDraft(null)}
            onSend={async (body) => {
              if (await change('POST', '/events', body)) setDraft(null)
            }}
          />
        ) : null}
        <p className="console-undo">
          <button className="button button-quiet" type="button" disabled={busy || !lastEvent} onClick={askUndo}>
            <Trans>Undo the last event</Trans> <kbd>u</kbd>
          </button>
        </p>
        <Timeline events={live.events} />
      </section>

      <LiveText commentary={live.commentary} clock={now === null ? null : clockMinute(live, now)} minute={live.minute} busy={busy} change={change} ask={ask} />

      <section aria-labelledby="console-lineups">
        <h2 id="console-lineups">
          <Trans>Team sheets</Trans>
        </h2>
        {(['home', 'away'] as const).map((s) => (
          <LineupEditor key={s} side={s} team={teams[s]} lineup={live.lineups[s]} squad={squads[s]} busy={busy} change={change} />
        ))}
      </section>

      <Shortcuts />
    </div>
  )
}

function SidePicker({ side, teams, onChange }: { side: Side; teams: Record<Side, string>; onChange: (side: Side) => void }) {
  const { t } = useLingui()
  const label: Record<Side, ReactNode> = { home: t`Home side`, away: t`Away side` }
  return (
    <fieldset className="console-sides">
      <legend>
        <Trans>Side</Trans>
      </legend>
      {(['home', 'away'] as const).map((s) => (
        <label key={s}>
          <input type="radio" name="console-side" value={s} checked={side === s} onChange={() => onChange(s)} />
          {label[s]}: <bdi>{teams[s]}</bdi> <kbd>{s === 'home' ? 'h' : 'a'}</kbd>
        </label>
      ))}
    </fieldset>
  )
}

function Shortcuts() {
  const { i18n } = useLingui()
  return (
    <details className="console-keys">
      <summary>
        <Trans>Keyboard shortcuts</Trans>
      </summary>
      <dl>
        {EVENT_KINDS.map((kind) => (
          <div key={kind}>
            <dt>
              <kbd>{EVENT_KEYS[kind]}</kbd>
            </dt>
            <dd>{i18n._(EVENT_WORDS[kind])}</dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>h</kbd> <kbd>a</kbd>
          </dt>
          <dd>
            <Trans>Home side, away side</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <kbd>u</kbd>
          </dt>
          <dd>
            <Trans>Undo the last event</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <kbd>{KEY_NAMES.enter}</kbd> <kbd>{KEY_NAMES.escape}</kbd>
          </dt>
          <dd>
            <Trans>Confirm, cancel</Trans>
          </dd>
        </div>
      </dl>
    </details>
  )
}
