import { cloudflare } from '@cloudflare/vite-plugin'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { defineConfig } from 'vite'

// Lingui's macros (<Trans>, t, msg) compile away at build time through Babel;
// the lingui() plugin compiles .po catalogs when they are imported.
export const linguiPlugins = () => [
  babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  lingui({ failOnCompileError: true }),
]

export default defineConfig({
  plugins: [...linguiPlugins(), cloudflare()],
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: { client: 'client/entry.ts', app: 'client/styles/app.css' },
          output: {
            // The worker links the entry and the stylesheet by a stable name
            // (cache-busted with the build id); island chunks keep their hash.
            entryFileNames: 'assets/[name].js',
            assetFileNames: (info) =>
              info.names.includes('app.css') ? 'assets/app.css' : 'assets/[name]-[hash][extname]',
          },
        },
      },
    },
  },
})
