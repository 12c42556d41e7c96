// Run before each worker test file. The files share one module graph on PGlite
// (vitest.config.ts `isolate: false`), so a spy one test leaves on `fetch`, `console` or a
// Durable Object's prototype would reach every file after it: each test's spies end with it.
import { afterEach, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})
