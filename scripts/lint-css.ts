// npm run lint:css — rejects physical left/right in the stylesheet and in component styles.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { physicalStyles } from './lib/physical-css.ts'

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (/\.(css|tsx)$/.test(entry.name)) yield path
  }
}

let problems = 0
for (const dir of ['client', 'src']) {
  for (const file of files(dir)) {
    for (const { line, text } of physicalStyles(readFileSync(file, 'utf8'))) {
      problems++
      console.error(`${file}:${line}: physical left/right; use a logical property: ${text}`)
    }
  }
}
if (problems) process.exit(1)
console.log('styles: logical properties only')
