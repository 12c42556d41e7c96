// Run before each worker test file. The files share one module graph on PGlite
// (vitest.config.ts `isolate: false`), so a spy one test leaves on `fetch`, `console` or a
// Durable Object's prototype would reach every file after it: each test's spies end with it.
import { afterEach, vi } from 'vitest'
// The worker's whole module graph loads here, in the file's import phase, rather than at the
// first request a test sends, where it took up to 28 s of that test's 20 on a busy machine.
import '../../src/index.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})
