// One event as the console asks for it before sending: the side, the player (picked from the
// team sheet and squad, or typed), the player coming on for a substitution, the decision of
// a VAR review, and the minute, filled in from the clock and left to the editor to correct.
// Sending it is the confirmation; Escape closes it.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type Ref, useId, useState } from 'react'
import { clockMinute, type EventKind, type LiveSnapshot, type SquadPlayer, VAR_DECISIONS, type VarDecision } from '../../lib/live.ts'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locales.ts'
import { EVENT_WORDS, VAR_WORDS } from '../live/live-words.ts'
import { KEY_NAMES } from './console-words.ts'
import { MinuteFields, numberIn } from './minute-fields.tsx'
import { idOf, playerChoices } from './players.ts'

export type Side = 'home' | 'away'

/** The body of `POST /matches/{id}/events`. */
export interface EventBody {
  kind: EventKind
  side: Side
  minute: number
  stoppage: number | null
  player_name: string | null
  player_id: number | null
  other_player_name?: string | null
  other_player_id?: number | null
  detail?: VarDecision
}

export function EventForm({
  ref,
  kind,
  side,
  onSide,
  teams,
  live,
  squads,
  now,
  busy,
  onSend,
  onCancel,
}: {
  ref: Ref<HTMLFormElement>
  kind: EventKind
  side: Side
  onSide: (side: Side) => void
  teams: Record<Side, string>
  live: LiveSnapshot
  squads: Record<Side, SquadPlayer[]>
  now: number
  busy: boolean
  onSend: (body: EventBody) => Promise<void>
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const [clock] = useState(() => clockMinute(live, now))
  const [minute, setMinute] = useState(String(clock?.minute ?? live.minute ?? ''))
  const [stoppage, setStoppage] = useState(clock?.stoppage ? String(clock.stoppage) : '')
  const [player, setPlayer] = useState('')
  const [other, setOther] = useState('')
  const [detail, setDetail] = useState<VarDecision>(VAR_DECISIONS[0])
  const choices = playerChoices(live.lineups[side], squads[side], lang)
  const word = i18n._(EVENT_WORDS[kind])
  const sub = kind === 'substitution'
  const field = (name: string) => `${id}-${name}`

  function send(event: FormEvent) {
    event.preventDefault()
    void onSend({
      kind,
      side,
      // The API says what is wrong with a minute that is not a number.
      minute: numberIn(minute) ?? Number.NaN,
      stoppage: numberIn(stoppage),
      player_name: player.trim() || null,
      player_id: idOf(player, choices),
      ...(sub ? { other_player_name: other.trim() || null, other_player_id: idOf(other, choices) } : {}),
      ...(kind === 'var' ? { detail } : {}),
    })
  }

  return (
    <form ref={ref} className="console-form" onSubmit={send} aria-labelledby={field('title')}>
      <h3 id={field('title')}>{t`${word}: confirm the details`}</h3>
      <fieldset className="console-sides">
        <legend>
          <Trans>Counts for</Trans>
        </legend>
        {(['home', 'away'] as const).map((s) => (
          <label key={s}>
            <input type="radio" name={field('side')} checked={side === s} onChange={() => onSide(s)} />
            <bdi>{teams[s]}</bdi>
          </label>
        ))}
      </fieldset>
      {kind === 'var' ? (
        <div className="form-field">
          <label htmlFor={field('detail')}>
            <Trans>Decision</Trans>
          </label>
          <select id={field('detail')} value={detail} onChange={(e) => setDetail(e.target.value as VarDecision)}>
            {VAR_DECISIONS.map((d) => (
              <option key={d} value={d}>
                {i18n._(VAR_WORDS[d])}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="form-field">
        <label htmlFor={field('player')}>{sub ? <Trans>Player going off</Trans> : kind === 'var' ? <Trans>Player (if any)</Trans> : <Trans>Player's name</Trans>}</label>
        <input id={field('player')} list={field('players')} value={player} onChange={(e) => setPlayer(e.target.value)} autoFocus autoComplete="off" dir="auto" maxLength={100} required={kind !== 'var'} />
      </div>
      {sub ? (
        <div className="form-field">
          <label htmlFor={field('other')}>
            <Trans>Player coming on</Trans>
          </label>
          <input id={field('other')} list={field('players')} value={other} onChange={(e) => setOther(e.target.value)} autoComplete="off" dir="auto" maxLength={100} required />
        </div>
      ) : null}
      <datalist id={field('players')}>
        {choices.map((p) => (
          <option key={`${p.id ?? ''}-${p.name}`} value={p.name} label={p.shirtNumber === null ? undefined : `${p.shirtNumber}`} />
        ))}
      </datalist>
      <MinuteFields id={id} minute={minute} stoppage={stoppage} onMinute={setMinute} onStoppage={setStoppage} />
      <div className="desk-actions">
        <button className="button" type="submit" disabled={busy}>
          <Trans>Confirm</Trans> <kbd>{KEY_NAMES.enter}</kbd>
        </button>
        <button className="button button-quiet" type="button" onClick={onCancel}>
          <Trans>Cancel</Trans> <kbd>{KEY_NAMES.escape}</kbd>
        </button>
      </div>
    </form>
  )
}
