// Plays a real match again through the live centre: a demo copy of the match (labelled a
// replay on every page), an editor session for the demo editor, and the editor API calls
// of scripts/live/replay-plan.ts on an accelerated clock. The original match is only read.
import postgres from 'postgres'
import { callEditorApi, editorToken } from './editor-api.ts'
import { type OriginalMatch, planReplay, type ReplayStep } from './replay-plan.ts'

export interface ReplayOptions {
  databaseUrl: string
  /** The running site whose editor API the replay calls. */
  baseUrl: string
  /** A match id, or `competition/season` for that season's last match (a tournament's final). */
  match: string
  /** How many times faster than real time: 60 plays a match minute a second. */
  speed: number
  /** Seconds between creating the replay and its kick-off, for readers to open the page. */
  leadIn: number
  log?: (line: string) => void
  /** Told of each call once answered, with when it was sent (epoch ms): for measuring delays. */
  onStep?: (step: ReplayStep, sentAt: number) => void
}

export interface StartedReplay {
  replayId: number
  originalId: number
  /** Resolves when the final whistle has been sent, or the replay was stopped. */
  done: Promise<void>
  /** Sends nothing more. */
  stop(): void
}

export async function findOriginal(sql: postgres.Sql, ref: string): Promise<number> {
  const [row] = /^\d+$/.test(ref)
    ? await sql<{ id: number }[]>`select id::int from matches where id = ${Number(ref)} and replay_of is null`
    : await sql<{ id: number }[]>`
        select m.id::int from matches m join seasons s on s.id = m.season_id
        where s.competition_id = ${ref.split('/')[0] ?? ''} and s.label = ${ref.split('/').slice(1).join('/')}
          and m.replay_of is null and not m.demo and m.status = 'finished' and m.ft_home is not null
        order by m.kickoff desc, m.id desc limit 1`
  if (!row) throw new Error(`No match "${ref}": give a match id, or competition/season such as worldcup/2022.`)
  return row.id
}

export async function loadOriginal(sql: postgres.Sql, id: number): Promise<OriginalMatch> {
  const [row] = await sql<{ match: OriginalMatch }[]>`
    select json_build_object(
      'ft', case when m.ft_home is null then null else json_build_array(m.ft_home, m.ft_away) end,
      'ht', case when m.ht_home is null then null else json_build_array(m.ht_home, m.ht_away) end,
      'et', case when m.et_home is null then null else json_build_array(m.et_home, m.et_away) end,
      'pen', case when m.pen_home is null then null else json_build_array(m.pen_home, m.pen_away) end,
      'events', coalesce((select json_agg(json_build_object(
          'kind', e.kind, 'minute', e.minute, 'stoppage', e.stoppage, 'side', e.side,
          'playerId', e.player_id, 'playerName', e.player_name,
          'otherPlayerId', e.other_player_id, 'otherPlayerName', e.other_player_name, 'detail', e.detail
        ) order by e.minute, coalesce(e.stoppage, 0), e.id) from match_events e where e.match_id = m.id), '[]'::json)
    ) as match
    from matches m where m.id = ${id}`
  return row!.match
}

/** A scheduled demo copy of the original, kicking off after the lead-in. */
export async function createReplay(sql: postgres.Sql, originalId: number, leadIn: number): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into matches (season_id, round, stage, group_name, match_number, kickoff, home_club_id, away_club_id,
                         stadium_id, venue, status, demo, replay_of, source_key)
    select season_id, round, stage, group_name, match_number, now() + make_interval(secs => ${leadIn}),
           home_club_id, away_club_id, stadium_id, venue, 'scheduled', true, id,
           ${`replay:${originalId}:${crypto.randomUUID()}`}
    from matches where id = ${originalId}
    returning id::int`
  return row!.id
}

/** Waits `ms` (none when it is past), or less when `signal` aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // A call answered late leaves the next one overdue: Node warns of a negative wait.
    const timer = setTimeout(resolve, Math.max(0, ms))
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

export interface PlayOptions {
  baseUrl: string
  token: string
  matchId: number
  steps: ReplayStep[]
  /** When the match kicks off (epoch ms): each step is sent at `kickoff + step.at`. */
  kickoff: number
  /** Sends nothing more once aborted. */
  signal: AbortSignal
  log: (line: string) => void
  onStep?: (step: ReplayStep, sentAt: number) => void
}

/** Sends a plan's calls on its clock, one after another; resolves after the last, or once stopped. */
export async function playSteps(opts: PlayOptions): Promise<void> {
  for (const step of opts.steps) {
    await sleep(opts.kickoff + step.at - Date.now(), opts.signal)
    if (opts.signal.aborted) return
    const sentAt = Date.now()
    try {
      await callEditorApi(opts.baseUrl, opts.token, opts.matchId, step, opts.signal)
    } catch (error) {
      // Stopped while a call was on its way: the replay simply ends there.
      if (opts.signal.aborted) return
      throw error
    }
    opts.log(`${step.method} ${step.path || '/'} ${JSON.stringify(step.body)}`)
    opts.onStep?.(step, sentAt)
  }
}

export async function startReplay(opts: ReplayOptions): Promise<StartedReplay> {
  const log = opts.log ?? (() => {})
  const sql = postgres(opts.databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const originalId = await findOriginal(sql, opts.match)
    const original = await loadOriginal(sql, originalId)
    const replayId = await createReplay(sql, originalId, opts.leadIn)
    const token = await editorToken(sql)
    const steps = planReplay(original, opts.speed)
    log(`replay of match ${originalId} is match ${replayId}: ${opts.baseUrl}/en/matches/${replayId} (${steps.length} steps, kick-off in ${opts.leadIn} s)`)
    const stopped = new AbortController()
    const done = playSteps({ ...opts, token, matchId: replayId, steps, kickoff: Date.now() + opts.leadIn * 1000, signal: stopped.signal, log })
    return { replayId, originalId, done, stop: () => stopped.abort() }
  } finally {
    await sql.end()
  }
}
