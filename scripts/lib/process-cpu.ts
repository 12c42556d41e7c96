// CPU time of processes, read from /proc (Linux): what the bench charges a request with.
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

interface ProcessStat {
  pid: number
  name: string
  parent: number
  /** User and system time, in clock ticks. */
  ticks: number
}

function stat(pid: number): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The name is in brackets and may hold spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(')')
    const name = text.slice(text.indexOf('(') + 1, close)
    const fields = text.slice(close + 2).split(' ')
    return { pid, name, parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return null
  }
}

/** The processes below `root`, at any depth, with their names (a Node process may call itself MainThread). */
export function descendants(root: number): { pid: number; name: string }[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => stat(Number(entry)))
    .filter((entry): entry is ProcessStat => entry !== null)
  const children = new Map<number, ProcessStat[]>()
  for (const process of all) children.set(process.parent, [...(children.get(process.parent) ?? []), process])
  const found: { pid: number; name: string }[] = []
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push({ pid: child.pid, name: child.name })
      visit(child.pid)
    }
  }
  visit(root)
  return found
}

/** The processes named `name` below `root`, at any depth. */
export function descendantsNamed(root: number, name: string): number[] {
  return descendants(root)
    .filter((process) => process.name === name)
    .map((process) => process.pid)
}

/** The CPU time the processes have used so far, in milliseconds. */
export function cpuMilliseconds(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0), 0) * (1000 / TICKS_PER_SECOND)
}
