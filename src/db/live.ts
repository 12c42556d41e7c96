// The live match centre's reads and writes. A write locks the match row, so two editors'
// changes get consecutive versions and the room broadcasts them in the order they committed.
// Every editor's write is audited in its own transaction (decision 079), as the desk's are.
import type postgres from 'postgres'
import { type CommentaryEntry, hasKickedOff, type LineupPlayer, type Lineups, type LiveSnapshot, type LiveState, type MatchEvent, type MatchStep, type ScorePair, type VarDecision } from '../../lib/live.ts'
import { type MatchState, patchState, type StatePatch, stateAfterEvent, stateAfterStep, stateWithoutEvent } from '../live/changes.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import { recordAudit } from './audit.ts'
import { commentaryJson, eventJson, eventsJson, lineupsJson, matchCommentaryJson, scorePair, type SqlTag } from './football-fragments.ts'

/** A match row `m` as the room broadcasts it; the syncs return it from their writes too. */
export const stateJson = (sql: SqlTag) => sql`json_build_object(
  'version', m.live_version, 'status', m.status, 'minute', m.minute,
  'ft', ${scorePair(sql, 'ft_home', 'ft_away')}, 'ht', ${scorePair(sql, 'ht_home', 'ht_away')},
  'et', ${scorePair(sql, 'et_home', 'et_away')}, 'pen', ${scorePair(sql, 'pen_home', 'pen_away')},
  'phase', m.phase, 'periodStartedAt', m.period_started_at)`

/** The scoreboard, the timeline, the live text and the team sheets, in one statement: what a match's room starts from (decision 115). */
export async function loadLiveSnapshot(sql: postgres.Sql, matchId: number): Promise<LiveSnapshot | null> {
  const [row] = await sql<{ state: LiveState; events: MatchEvent[]; commentary: CommentaryEntry[]; lineups: Lineups }[]>`
    select ${stateJson(sql)} as state, ${eventsJson(sql, matchId)} as events,
      ${matchCommentaryJson(sql, matchId)} as commentary, ${lineupsJson(sql, matchId)} as lineups
    from matches m where m.id = ${matchId}`
  return row ? { ...row.state, events: row.events, commentary: row.commentary, lineups: row.lineups } : null
}

async function lockState(tx: postgres.TransactionSql, matchId: number): Promise<LiveState | undefined> {
  const [row] = await tx<{ state: LiveState }[]>`select ${stateJson(tx)} as state from matches m where m.id = ${matchId} for update`
  return row?.state
}

/** Writes the next state and raises the version, returning what the room broadcasts. */
async function saveState(tx: postgres.TransactionSql, matchId: number, next: MatchState): Promise<LiveState> {
  const score = (pairValue: [number, number] | null, index: 0 | 1) => pairValue?.[index] ?? null
  const [row] = await tx<{ state: LiveState }[]>`
    update matches m set
      status = ${next.status}, minute = ${next.minute},
      ft_home = ${score(next.ft, 0)}, ft_away = ${score(next.ft, 1)},
      ht_home = ${score(next.ht, 0)}, ht_away = ${score(next.ht, 1)},
      et_home = ${score(next.et, 0)}, et_away = ${score(next.et, 1)},
      pen_home = ${score(next.pen, 0)}, pen_away = ${score(next.pen, 1)},
      phase = ${next.phase}, period_started_at = ${next.periodStartedAt},
      live_version = live_version + 1
    where m.id = ${matchId}
    returning ${stateJson(tx)} as state`
  return row!.state
}

/** Raises the version alone: a change to the text or the team sheets, which the score does not show. */
const bumpLiveVersion = (tx: postgres.TransactionSql, matchId: number, current: LiveState) => saveState(tx, matchId, current)

const withoutVersion = ({ version: _version, ...state }: LiveState): MatchState => state

export interface NewEvent {
  kind: MatchEvent['kind']
  minute: number
  stoppage: number | null
  side: 1 | 2
  playerId: number | null
  playerName: string
  otherPlayerId: number | null
  otherPlayerName: string | null
  detail: VarDecision | null
}

export type AddEventResult =
  | { kind: 'added'; state: LiveState; event: MatchEvent }
  | { kind: 'missing' }
  | { kind: 'not-started'; status: LiveState['status'] }

async function readEvent(tx: postgres.TransactionSql, eventId: number): Promise<MatchEvent | undefined> {
  const [row] = await tx<{ event: MatchEvent }[]>`
    select ${eventJson(tx)} as event
    from match_events e left join players pl on pl.id = e.player_id
    where e.id = ${eventId}`
  return row?.event
}

/** Adds an event and its effect on the score in one transaction. */
export async function addMatchEvent(sql: postgres.Sql, matchId: number, input: NewEvent, editorId: string): Promise<AddEventResult> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    if (!current) return { kind: 'missing' } as const
    if (!hasKickedOff(current.status)) return { kind: 'not-started', status: current.status } as const
    const [inserted] = await tx<{ id: number }[]>`
      insert into match_events (match_id, kind, minute, stoppage, side, player_id, player_name,
                                other_player_id, other_player_name, detail, entered_by, source_key)
      values (${matchId}, ${input.kind}, ${input.minute}, ${input.stoppage}, ${input.side}, ${input.playerId},
              ${input.playerName}, ${input.otherPlayerId}, ${input.otherPlayerName}, ${input.detail}, ${editorId},
              ${`live:${crypto.randomUUID()}`})
      returning id`
    const state = await saveState(tx, matchId, stateAfterEvent(withoutVersion(current), input))
    const event = (await readEvent(tx, inserted!.id))!
    await recordAudit(tx, editorId, { action: 'match.event_add', targetType: 'match', targetId: matchId, before: null, after: event })
    return { kind: 'added', state, event } as const
  })
}

export type RemoveEventResult = { kind: 'removed'; state: LiveState; event: MatchEvent } | { kind: 'missing' }

/** Removes an event (the desk's undo), taking a goal's score back, in one transaction. */
export async function removeMatchEvent(sql: postgres.Sql, matchId: number, eventId: number, editorId: string): Promise<RemoveEventResult> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    const event = current && (await readEvent(tx, eventId))
    if (!current || !event) return { kind: 'missing' } as const
    const [deleted] = await tx`delete from match_events where id = ${eventId} and match_id = ${matchId} returning id`
    if (!deleted) return { kind: 'missing' } as const
    const state = await saveState(tx, matchId, stateWithoutEvent(withoutVersion(current), event))
    await recordAudit(tx, editorId, { action: 'match.event_remove', targetType: 'match', targetId: matchId, before: event, after: null })
    return { kind: 'removed', state, event } as const
  })
}

/**
 * What the desk records beside the state (issue 34): a new kick-off or a time not known yet,
 * and why the match has its status (postponed, cancelled, abandoned, awarded); null clears it.
 */
export interface MatchSchedule {
  kickoff?: string | undefined
  timeKnown?: boolean | undefined
  reason?: LocalizedText | null | undefined
}

interface ScheduleRow {
  kickoff: string
  timeKnown: boolean
  reason: LocalizedText | null
}

/**
 * Sets status, minute or scores, and the desk's `schedule`, in one transaction; null when the
 * match does not exist. The audit entry holds the kick-off and the reason too when they change.
 */
export function updateMatchState(sql: postgres.Sql, matchId: number, patch: StatePatch, editorId: string, schedule: MatchSchedule = {}): Promise<LiveState | null> {
  return sql.begin((tx) => patchMatch(tx, matchId, patch, editorId, schedule))
}

/** updateMatchState's work inside a transaction of the caller's, which may change several matches. */
async function patchMatch(tx: postgres.TransactionSql, matchId: number, patch: StatePatch, editorId: string, schedule: MatchSchedule = {}): Promise<LiveState | null> {
  const current = await lockState(tx, matchId)
  if (!current) return null
  const state = await saveState(tx, matchId, patchState(withoutVersion(current), patch))
  const rescheduled = Object.values(schedule).some((value) => value !== undefined)
  const [was, is] = rescheduled ? await reschedule(tx, matchId, schedule) : [{}, {}]
  await recordAudit(tx, editorId, { action: 'match.state', targetType: 'match', targetId: matchId, before: { ...current, ...was }, after: { ...state, ...is } })
  return state
}

export interface RoundResult {
  matchId: number
  ft: ScorePair
  ht: ScorePair | null
}

/**
 * A round's results, entered on one form (issue 34): every match finished with its score in
 * one transaction, each audited as a PATCH of its state is. `notInSeason` lists the ids that
 * are not matches of season `seasonId`, and then nothing is written.
 */
export async function recordResults(
  sql: postgres.Sql,
  seasonId: number,
  results: RoundResult[],
  editorId: string,
): Promise<{ states: { matchId: number; state: LiveState }[] } | { notInSeason: number[] }> {
  return sql.begin(async (tx) => {
    const ids = results.map((result) => result.matchId)
    const found = await tx<{ id: number }[]>`
      select id::int from matches where season_id = ${seasonId} and id in (select jsonb_array_elements_text(${tx.json(ids)})::bigint) order by id for update`
    const known = new Set(found.map((row) => row.id))
    const notInSeason = ids.filter((id) => !known.has(id))
    if (notInSeason.length > 0) return { notInSeason }
    const states = []
    for (const result of results) {
      const state = (await patchMatch(tx, result.matchId, { status: 'finished', ft: result.ft, ht: result.ht }, editorId))!
      states.push({ matchId: result.matchId, state })
    }
    return { states }
  })
}

const scheduleColumns = (tx: postgres.TransactionSql) =>
  tx`to_json(kickoff) as kickoff, kickoff_time_known as "timeKnown", status_reason as reason`

/** Writes the desk's schedule fields, returning them as they were and as they are. */
async function reschedule(tx: postgres.TransactionSql, matchId: number, schedule: MatchSchedule): Promise<[ScheduleRow, ScheduleRow]> {
  const [was] = await tx<ScheduleRow[]>`select ${scheduleColumns(tx)} from matches where id = ${matchId}`
  const [is] = await tx<ScheduleRow[]>`
    update matches set
      kickoff = ${schedule.kickoff ?? was!.kickoff},
      kickoff_time_known = ${schedule.timeKnown ?? was!.timeKnown},
      status_reason = ${schedule.reason === undefined ? tx`status_reason` : schedule.reason === null ? null : tx.json(schedule.reason)}
    where id = ${matchId}
    returning ${scheduleColumns(tx)}`
  return [was!, is!]
}

export type StepResult = { kind: 'stepped'; state: LiveState } | { kind: 'missing' } | { kind: 'out-of-order'; state: LiveState }

/** One of the live desk's status steps, timed by the database's clock so every page's clock agrees. */
export async function stepMatch(sql: postgres.Sql, matchId: number, step: MatchStep, editorId: string): Promise<StepResult> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    if (!current) return { kind: 'missing' } as const
    const [clock] = await tx<{ now: Date }[]>`select now()`
    const next = stateAfterStep(withoutVersion(current), step, clock!.now.getTime())
    if (!next) return { kind: 'out-of-order', state: current } as const
    const state = await saveState(tx, matchId, next)
    await recordAudit(tx, editorId, { action: 'match.step', targetType: 'match', targetId: matchId, before: current, after: { step, ...state } })
    return { kind: 'stepped', state } as const
  })
}

export interface CommentaryInput {
  minute: number
  stoppage: number | null
  text: { ar: string | null; en: string | null }
  key: boolean
  pinned: boolean
}

export type CommentaryResult = { kind: 'saved'; state: LiveState; entry: CommentaryEntry } | { kind: 'missing' }

async function readEntry(tx: postgres.TransactionSql, matchId: number, entryId: number): Promise<CommentaryEntry | undefined> {
  const [row] = await tx<{ entry: CommentaryEntry }[]>`
    select ${commentaryJson(tx)} as entry from match_commentary k where k.id = ${entryId} and k.match_id = ${matchId}`
  return row?.entry
}

/** Adds an entry of live text. */
export async function addCommentary(sql: postgres.Sql, matchId: number, input: CommentaryInput, editorId: string): Promise<CommentaryResult> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    if (!current) return { kind: 'missing' } as const
    const [row] = await tx<{ id: number }[]>`
      insert into match_commentary (match_id, minute, stoppage, text_ar, text_en, key, pinned, entered_by)
      values (${matchId}, ${input.minute}, ${input.stoppage}, ${input.text.ar}, ${input.text.en}, ${input.key}, ${input.pinned}, ${editorId})
      returning id`
    const entry = (await readEntry(tx, matchId, row!.id))!
    const state = await bumpLiveVersion(tx, matchId, current)
    await recordAudit(tx, editorId, { action: 'match.commentary_add', targetType: 'match', targetId: matchId, before: null, after: entry })
    return { kind: 'saved', state, entry } as const
  })
}

/** Changes an entry: each field present is set; the texts must still leave one language. */
export async function updateCommentary(
  sql: postgres.Sql,
  matchId: number,
  entryId: number,
  patch: Partial<CommentaryInput>,
  editorId: string,
): Promise<CommentaryResult | { kind: 'no-text' }> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    const before = current && (await readEntry(tx, matchId, entryId))
    if (!current || !before) return { kind: 'missing' } as const
    const text = { ...before.text, ...patch.text }
    if (text.ar === null && text.en === null) return { kind: 'no-text' } as const
    await tx`
      update match_commentary set
        minute = ${patch.minute ?? before.minute},
        stoppage = ${patch.stoppage === undefined ? before.stoppage : patch.stoppage},
        text_ar = ${text.ar}, text_en = ${text.en},
        key = ${patch.key ?? before.key}, pinned = ${patch.pinned ?? before.pinned}, updated_at = now()
      where id = ${entryId}`
    const entry = (await readEntry(tx, matchId, entryId))!
    const state = await bumpLiveVersion(tx, matchId, current)
    await recordAudit(tx, editorId, { action: 'match.commentary_edit', targetType: 'match', targetId: matchId, before, after: entry })
    return { kind: 'saved', state, entry } as const
  })
}

export type RemoveCommentaryResult = { kind: 'removed'; state: LiveState } | { kind: 'missing' }

export async function removeCommentary(sql: postgres.Sql, matchId: number, entryId: number, editorId: string): Promise<RemoveCommentaryResult> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    const before = current && (await readEntry(tx, matchId, entryId))
    if (!current || !before) return { kind: 'missing' } as const
    await tx`delete from match_commentary where id = ${entryId}`
    const state = await bumpLiveVersion(tx, matchId, current)
    await recordAudit(tx, editorId, { action: 'match.commentary_remove', targetType: 'match', targetId: matchId, before, after: null })
    return { kind: 'removed', state } as const
  })
}

export interface LineupInput {
  formation: string | null
  coach: string | null
  starters: Omit<LineupPlayer, 'player'>[]
  bench: Omit<LineupPlayer, 'player'>[]
}

export type LineupResult = { kind: 'saved'; state: LiveState; lineups: Lineups } | { kind: 'missing' }

async function readLineups(tx: postgres.TransactionSql, matchId: number): Promise<Lineups> {
  const [row] = await tx<{ lineups: Lineups }[]>`select ${lineupsJson(tx, matchId)} as lineups`
  return row!.lineups
}

/** Replaces one side's team sheet whole: the desk sends the eleven and the bench as they stand. */
export async function saveLineup(sql: postgres.Sql, matchId: number, side: 1 | 2, input: LineupInput, editorId: string): Promise<LineupResult> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    if (!current) return { kind: 'missing' } as const
    const before = await readLineups(tx, matchId)
    await tx`
      insert into match_teamsheets (match_id, side, formation, coach) values (${matchId}, ${side}, ${input.formation}, ${input.coach})
      on conflict (match_id, side) do update set formation = excluded.formation, coach = excluded.coach`
    await tx`delete from lineups where match_id = ${matchId} and side = ${side}`
    const rows = [...input.starters.map((p, i) => ({ p, starter: true, i })), ...input.bench.map((p, i) => ({ p, starter: false, i }))]
    for (const { p, starter, i } of rows) {
      await tx`
        insert into lineups (match_id, side, starter, list_order, player_id, player_name, shirt_number, position)
        values (${matchId}, ${side}, ${starter}, ${i}, ${p.playerId}, ${p.name}, ${p.shirtNumber}, ${p.position})`
    }
    const lineups = await readLineups(tx, matchId)
    const state = await bumpLiveVersion(tx, matchId, current)
    const key = side === 1 ? 'home' : 'away'
    await recordAudit(tx, editorId, { action: 'match.lineup', targetType: 'match', targetId: matchId, before: before[key], after: lineups[key] })
    return { kind: 'saved', state, lineups } as const
  })
}
