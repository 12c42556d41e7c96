// npm run i18n:check — fails when a message in the code lacks a translation in either
// catalog. It extracts first, so a string added to the code but never extracted counts
// as missing too.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { LOCALES } from '../lib/locales.ts'
import { untranslated } from './lib/po.ts'

execFileSync(process.execPath, ['node_modules/@lingui/cli/dist/lingui.js', 'extract', '--clean'], { stdio: 'ignore' })

let failed = false
// Every catalog of every locale: the server's (messages.po) and the islands' (islands.po).
for (const locale of LOCALES) for (const catalog of readdirSync(`locales/${locale}`).filter((file) => file.endsWith('.po'))) {
  const missing = untranslated(readFileSync(`locales/${locale}/${catalog}`, 'utf8'))
  if (missing.length) {
    failed = true
    console.error(`${locale}/${catalog}: ${missing.length} message(s) without a translation:`)
    for (const id of missing) console.error(`  - ${id}`)
  }
}
if (failed) process.exit(1)
console.log(`i18n: ${LOCALES.join(', ')} catalogs complete`)
