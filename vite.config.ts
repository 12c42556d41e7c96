import { cloudflare } from '@cloudflare/vite-plugin'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { defineConfig, type PluginOption } from 'vite'

/** Lingui's macros (<Trans>, t, msg) compile away through Babel; .po catalogs compile on import. */
export function linguiPlugins(): PluginOption[] {
  return [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui({ failOnCompileError: true })]
}

export default defineConfig({
  plugins: [
    ...linguiPlugins(),
    cloudflare({
      // `npm start` / `npm run dev` run the worker as local development (plain-http cookies,
      // the dev outbox, the machine's time zone for the reader's, the machine's own VAPID pair); a build for deployment keeps
      // wrangler.toml's APP_ENV. The test site turns the openfootball sync off, so its data
      // stays what the tests seeded.
      config: process.env.HADAF_APP_ENV
        ? {
            vars: {
              APP_ENV: process.env.HADAF_APP_ENV,
              ...(process.env.HADAF_LOCAL_TIME_ZONE !== undefined ? { LOCAL_TIME_ZONE: process.env.HADAF_LOCAL_TIME_ZONE } : {}),
              ...(process.env.HADAF_LOCAL_COUNTRY ? { LOCAL_COUNTRY: process.env.HADAF_LOCAL_COUNTRY } : {}),
              ...(process.env.HADAF_VAPID_PUBLIC_KEY ? { VAPID_PUBLIC_KEY: process.env.HADAF_VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: process.env.HADAF_VAPID_PRIVATE_KEY } : {}),
              ...(process.env.HADAF_OPENFOOTBALL_URLS ? { OPENFOOTBALL_URLS: process.env.HADAF_OPENFOOTBALL_URLS } : {}),
            },
          }
        : {},
      // Local state lives with the local database (scripts/lib/database.ts, localStateDir).
      persistState: process.env.HADAF_STATE_DIR ? { path: process.env.HADAF_STATE_DIR } : true,
    }),
  ],
  define: {
    // Each build keeps its own copies at the edge (src/middleware/edge-cache.ts): a kept page
    // lives ten minutes, and a deploy must not serve the last build's pages that long.
    'import.meta.env.HADAF_BUILD': JSON.stringify(Date.now().toString(36)),
  },
  build: {
    rollupOptions: {
      // React, Lingui and sonner mark themselves 'use client', which means nothing to a
      // bundle that is either server code or island code already.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
      },
    },
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: { client: 'client/entry.ts', 'local-time': 'client/local-time.ts', app: 'client/styles/app.css' },
          output: {
            // The worker links the entry, the stylesheet and the fonts it preloads by a stable
            // name (src/assets.ts); island chunks and catalogs keep their content hash.
            entryFileNames: 'assets/[name].js',
            assetFileNames: (info) =>
              info.names.includes('app.css') ? 'assets/app.css' : info.names.some((name) => name.endsWith('.woff2')) ? 'assets/[name][extname]' : 'assets/[name]-[hash][extname]',
          },
        },
      },
    },
  },
})
