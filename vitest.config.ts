import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { linguiPlugins } from './vite.config.ts'

// Four tiers, kept apart: unit tests of pure helpers in Node, worker tests inside
// workerd against a real Postgres (PGlite, or PostgreSQL with DATABASE_URL),
// browser tests that drive Chromium through the built site, and a burst of readers sent
// to the built site at once.
export default defineConfig({
  test: {
    projects: [
      {
        // Lingui's macros and catalogs compile here too: the mail templates are worded through them.
        plugins: linguiPlugins(),
        // Some files start an embedded database or run ESLint and tsc on a snippet: beside the
        // PostgreSQL tier on two cores, a test's five default seconds ran out (decision 145).
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 120_000 },
      },
      {
        plugins: [
          ...linguiPlugins(),
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              hyperdrives: { DB: inject('databaseUrl') },
              // Every request reads the page version, so a test's change shows on its next request.
              // No Cron Trigger a test runs may fetch openfootball's files from GitHub: the sync tests name their stand-in.
              // The VAPID pair is the global setup's, made for this run.
              bindings: {
                APP_ENV: 'development',
                EDGE_CACHE_RECHECK_SECONDS: '0',
                OPENFOOTBALL_URLS: 'off',
                VAPID_PUBLIC_KEY: inject('vapidPublicKey'),
                VAPID_PRIVATE_KEY: inject('vapidPrivateKey'),
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          // The worker's log lines go straight to workerd's output rather than through Vitest's
          // console RPC: a queue consumer or a waitUntil task that logs after its file has
          // finished otherwise fails a green run with "Closing rpc while onUserConsoleLog was pending".
          disableConsoleIntercept: true,
          // One module graph for every file on PGlite: evaluating the worker's graph afresh per
          // file cost 229 s of the tier's 710 (decision 144). Files share the database anyway,
          // and each test makes its own rows, users and unseen addresses (helpers.ts
          // `unseenPath`). The PostgreSQL tier shares one too, and runs the fuzz round in its own
          // (scripts/test-postgres.ts).
          isolate: false,
          // Account tests hash passwords (argon2id, ~30 ms each) and solve captchas.
          testTimeout: 20_000,
          include: ['tests/worker/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/worker/global-setup.ts'],
          setupFiles: ['tests/worker/setup.ts'],
        },
      },
      {
        // One test renders the server's React badge beside the one Chromium draws (tests/browser/status-badge.test.ts).
        plugins: linguiPlugins(),
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page's answer to a click can take seconds on a busy machine: expect.poll's own second
          // failed the console's journey in Arabic while the PostgreSQL tier shared the two cores,
          // though the timeline drew its card.
          expect: { poll: { timeout: 10_000 } },
          // Two files at once, on a core each (decision 154): a browser test mostly waits for a
          // page, a click's answer or a clock, so one file at a time left the machine half idle
          // (356 s for the tier against about 640 s alone). Each file makes its own accounts and
          // visitors' addresses (fixtures.ts), so files never share a limit or a row.
          maxWorkers: 2,
        },
      },
      {
        // Many readers at once against the built site, on PostgreSQL (npm run test:burst).
        test: {
          name: 'burst',
          include: ['tests/burst/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
})
