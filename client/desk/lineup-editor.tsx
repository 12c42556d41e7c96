// One side's team sheet at the console: formation, coach, the starting eleven and the bench,
// each player picked from the squad (which fills in the shirt number and position) or typed.
// Saving replaces the side's whole sheet (PUT), as the API keeps it.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import type { Lineup, LineupPlayer, SquadPlayer } from '../../lib/live.ts'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locales.ts'
import type { Change } from './console-api.ts'
import { POSITION_WORDS, POSITIONS } from './console-words.ts'
import type { Side } from './event-form.tsx'
import { numberIn } from './minute-fields.tsx'
import { idOf, type PlayerChoice, playerChoices } from './players.ts'

interface Row {
  name: string
  shirt: string
  position: LineupPlayer['position']
}

const STARTERS = 11
const BENCH_MAX = 15
/** Bench rows shown at first: most competitions name seven to nine substitutes. */
const BENCH_ROWS = 9

const rowOf = (p: LineupPlayer | undefined, lang: 'ar' | 'en'): Row => ({
  name: (p?.player?.[lang] ?? '') || (p?.name ?? ''),
  shirt: p?.shirtNumber ? String(p.shirtNumber) : '',
  position: p?.position ?? null,
})

const rows = (players: LineupPlayer[], count: number, lang: 'ar' | 'en') => Array.from({ length: Math.max(count, players.length) }, (_, i) => rowOf(players[i], lang))

/** A row's fields; picking a squad player fills in the number and position left empty. */
function RowFields({ row, label, list, squad, choices, onChange }: { row: Row; label: string; list: string; squad: SquadPlayer[]; choices: PlayerChoice[]; onChange: (row: Row) => void }) {
  const { t, i18n } = useLingui()
  const named = (name: string): Row => {
    const known = squad.find((p) => p.id === idOf(name, choices))
    if (!known) return { ...row, name }
    return { name, shirt: row.shirt || (known.shirtNumber ? String(known.shirtNumber) : ''), position: row.position ?? known.position }
  }
  return (
    <li className="console-row form-field">
      <input aria-label={t`${label}: name`} list={list} value={row.name} onChange={(e) => onChange(named(e.target.value))} autoComplete="off" dir="auto" maxLength={100} />
      <input aria-label={t`${label}: shirt number`} type="number" min={1} max={99} inputMode="numeric" value={row.shirt} onChange={(e) => onChange({ ...row, shirt: e.target.value })} />
      <select aria-label={t`${label}: position`} value={row.position ?? ''} onChange={(e) => onChange({ ...row, position: (e.target.value || null) as Row['position'] })}>
        <option value="">–</option>
        {POSITIONS.map((p) => (
          <option key={p} value={p}>
            {i18n._(POSITION_WORDS[p])}
          </option>
        ))}
      </select>
    </li>
  )
}

/** The columns' names, for the eye: each field has its own label. */
function RowHead() {
  return (
    <p className="console-row console-row-head" aria-hidden="true">
      <span>
        <Trans>Name</Trans>
      </span>
      <span>
        <Trans>No.</Trans>
      </span>
      <span>
        <Trans>Position</Trans>
      </span>
    </p>
  )
}

export function LineupEditor({
  side,
  team,
  lineup,
  squad,
  busy,
  change,
}: {
  side: Side
  team: string
  lineup: Lineup | null
  squad: SquadPlayer[]
  busy: boolean
  change: Change
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const [formation, setFormation] = useState(lineup?.formation ?? '')
  const [coach, setCoach] = useState(lineup?.coach ?? '')
  const [starters, setStarters] = useState(() => rows(lineup?.starters ?? [], STARTERS, lang))
  const [bench, setBench] = useState(() => rows(lineup?.bench ?? [], BENCH_ROWS, lang))
  const choices = playerChoices(lineup, squad, lang)
  const listId = [id, 'squad'].join('-')

  function save(event: FormEvent) {
    event.preventDefault()
    const entries = (list: Row[]) =>
      list
        .filter((row) => row.name.trim() !== '')
        .map((row) => ({ name: row.name.trim(), player_id: idOf(row.name, choices), shirt_number: numberIn(row.shirt), position: row.position }))
    void change('PUT', `/lineups/${side}`, { formation: formation.trim() || null, coach: coach.trim() || null, starters: entries(starters), bench: entries(bench) })
  }

  const update = (list: Row[], set: (rows: Row[]) => void, index: number) => (row: Row) => set(list.map((r, i) => (i === index ? row : r)))
  return (
    <details className="console-lineup">
      <summary>
        <Trans>
          Team sheet: <bdi>{team}</bdi>
        </Trans>
      </summary>
      <form className="console-form" onSubmit={save}>
        <div className="console-minute">
          <div className="form-field">
            <label htmlFor={`${id}-formation`}>
              <Trans>Formation</Trans>
            </label>
            <input id={`${id}-formation`} value={formation} onChange={(e) => setFormation(e.target.value)} placeholder="4-3-3" dir="ltr" maxLength={20} />
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-coach`}>
              <Trans>Coach</Trans>
            </label>
            <input id={`${id}-coach`} value={coach} onChange={(e) => setCoach(e.target.value)} dir="auto" maxLength={100} />
          </div>
        </div>
        <datalist id={listId}>
          {choices.map((p) => (
            <option key={`${p.id ?? ''}-${p.name}`} value={p.name} label={p.shirtNumber === null ? undefined : `${p.shirtNumber}`} />
          ))}
        </datalist>
        <h3>
          <Trans>Starting eleven</Trans>
        </h3>
        <RowHead />
        <ol className="console-rows">
          {starters.map((row, i) => (
            <RowFields key={i} row={row} label={t`Starter ${i + 1}`} list={listId} squad={squad} choices={choices} onChange={update(starters, setStarters, i)} />
          ))}
        </ol>
        <h3>
          <Trans>Substitutes</Trans>
        </h3>
        <RowHead />
        <ol className="console-rows">
          {bench.map((row, i) => (
            <RowFields key={i} row={row} label={t`Substitute ${i + 1}`} list={listId} squad={squad} choices={choices} onChange={update(bench, setBench, i)} />
          ))}
        </ol>
        <div className="desk-actions">
          <button className="button" type="submit" disabled={busy}>
            <Trans>Save the team sheet</Trans>
          </button>
          {bench.length < BENCH_MAX ? (
            <button className="button button-quiet" type="button" onClick={() => setBench([...bench, rowOf(undefined, lang)])}>
              <Trans>Add a substitute</Trans>
            </button>
          ) : null}
        </div>
      </form>
    </details>
  )
}
