// The bench charges requests with workerd's CPU time, read from /proc.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { cpuMilliseconds, descendantsNamed } from '../../scripts/lib/process-cpu.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('process CPU time', () => {
  it('finds a busy process two levels below this one by name and counts the CPU it uses', async () => {
    // A shell below us runs `yes` below it, which keeps a core busy until it is stopped.
    const shell = spawn('sh', ['-c', 'yes > /dev/null; true'], { detached: true })
    try {
      await pause(100)
      const busy = descendantsNamed(process.pid, 'yes')
      expect(busy).toHaveLength(1)
      const before = cpuMilliseconds(busy)
      await pause(500)
      // Other tests share the cores: a few ticks (10 ms each) prove the counting.
      expect(cpuMilliseconds(busy) - before).toBeGreaterThanOrEqual(30)
      expect(descendantsNamed(process.pid, 'no-such-process')).toEqual([])
    } finally {
      process.kill(-shell.pid!, 'SIGTERM')
      await once(shell, 'exit')
    }
  })

  it('counts nothing for a process that has gone', () => {
    expect(cpuMilliseconds([2 ** 22 + 1])).toBe(0)
  })
})
