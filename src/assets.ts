// Where the browser finds the stylesheet and the island entry. In `vite dev` Vite serves
// the sources; in a build they have stable names, cache-busted by the build id.
declare const __BUILD_ID__: string

const version = import.meta.env.DEV ? '' : `?v=${__BUILD_ID__}`

export const STYLESHEET_HREF = import.meta.env.DEV ? '/client/styles/app.css' : `/assets/app.css${version}`
export const CLIENT_ENTRY_SRC = import.meta.env.DEV ? '/client/entry.ts' : `/assets/client.js${version}`
