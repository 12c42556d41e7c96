import { defineConfig } from '@lingui/cli'

// Two catalogs (decision 076): the islands' words, which the browser fetches when an island
// wakes, and the server's own, which only the worker holds. The worker renders the islands
// too, so it reads both.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'] },
    { path: '<rootDir>/locales/{locale}/islands', include: ['client', 'lib'] },
  ],
})
