// Importing an openfootball file by URL, against a local stand-in for raw.githubusercontent.com
// (these machines are offline): plain http is let through to this machine only, so the
// stand-in needs no certificate.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseFootballData } from '../../../scripts/import/index.ts'
import { importFootballData } from '../../../scripts/import/importer.ts'
import { remoteUrl } from '../../../lib/openfootball/remote-url.ts'
import { startEmbeddedDb, type EmbeddedDb } from '../../../scripts/lib/embedded-db.ts'
import { footballDataDir, PROJECT_ROOT } from '../../../scripts/lib/football-data.ts'
import { migrate } from '../../../scripts/lib/migrate.ts'

const EN_2023 = readFileSync(join(footballDataDir(), 'football.json/2023-24/en.1.json'))
const RAW = '/openfootball/football.json/master/2023-24/en.1.json'

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname
    if (path === RAW) return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(EN_2023)
    if (path === '/moved/2023-24/en.1.json') return void res.writeHead(301, { location: RAW }).end()
    if (path === '/away/2023-24/en.1.json') return void res.writeHead(302, { location: 'http://example.com/2023-24/en.1.json' }).end()
    if (path === '/png/2023-24/en.1.json') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    if (path === '/nul/2023-24/en.1.json') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('{"name":"x"}\0\0')
    if (path === '/latin1/2023-24/en.1.json') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.from([0x7b, 0xe9, 0x7d]))
    if (path === '/big/2023-24/en.1.json') {
      // No Content-Length: the cap must hold while the body streams in.
      res.writeHead(200, { 'content-type': 'application/json' })
      return void res.end(Buffer.alloc(4096, 0x20))
    }
    if (path === '/declared-big/2023-24/en.1.json') return void res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '999999999' }).flushHeaders()
    if (path === '/slow/2023-24/en.1.json') return void res.writeHead(200, { 'content-type': 'text/plain' }).write('{')
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('remoteUrl', () => {
  it('takes https anywhere and plain http only to this machine', () => {
    expect(remoteUrl('https://raw.githubusercontent.com/openfootball/football.json/master/2024-25/en.1.json').hostname).toBe('raw.githubusercontent.com')
    for (const local of ['http://127.0.0.1:8000/a.json', 'http://localhost/a.json', 'http://[::1]:8000/a.json']) expect(() => remoteUrl(local)).not.toThrow()
  })

  it('refuses http elsewhere and every other scheme, saying what to give instead', () => {
    expect(() => remoteUrl('http://raw.githubusercontent.com/x/2024-25/en.1.json')).toThrow(/plain http:\/\/ is refused.*use https:\/\//)
    expect(() => remoteUrl('http://127.0.0.1.nip.io/a.json')).toThrow(/plain http/)
    expect(() => remoteUrl('ftp://example.com/en.1.json')).toThrow(/ftp:\/\/ is not fetched; give an https:\/\/ URL/)
    expect(() => remoteUrl('file:///etc/passwd')).toThrow(/file:\/\/ is not fetched/)
  })
})

describe('parseFootballData with a URL', () => {
  it('reads the format and the season from the URL path, as from a file path', async () => {
    const r = await parseFootballData(`${base}${RAW}?token=abc`)
    expect(r.errors).toEqual([])
    expect(r.files).toEqual([{ file: `${base}${RAW}`, kind: 'football-json' }])
    expect(r.matches).toHaveLength(380)
    expect(new Set(r.matches.map((m) => `${m.competitionKey} ${m.season}`))).toEqual(new Set(['en.1 2023/24']))
  })

  it('follows a redirect within the rule, and refuses one that leaves it before asking', async () => {
    expect((await parseFootballData(`${base}/moved/2023-24/en.1.json`)).matches).toHaveLength(380)
    await expect(parseFootballData(`${base}/away/2023-24/en.1.json`)).rejects.toThrow(/redirected to http:\/\/example\.com\/2023-24\/en\.1\.json: plain http:\/\/ is refused/)
  })

  it.each([
    ['/missing/2023-24/en.1.json', /the server answered 404 Not Found/],
    ['/png/2023-24/en.1.json', /the server sent image\/png, not text/],
    ['/nul/2023-24/en.1.json', /binary, not text/],
    ['/latin1/2023-24/en.1.json', /not UTF-8 text/],
    ['/declared-big/2023-24/en.1.json', /larger than 1000 bytes/],
    ['/big/2023-24/en.1.json', /larger than 1000 bytes/],
    ['/slow/2023-24/en.1.json', /no complete answer within 0.3 s/],
  ])('refuses %s clearly', async (path, error) => {
    await expect(parseFootballData(`${base}${path}`, { maxBytes: 1000, timeoutMs: 300 })).rejects.toThrow(error)
  })

  it('says why it cannot connect', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    closed.close()
    await expect(parseFootballData(`http://127.0.0.1:${port}/2023-24/en.1.json`)).rejects.toThrow(/cannot connect: .*ECONNREFUSED/)
  })
})

describe('importing by URL', () => {
  let db: EmbeddedDb

  beforeAll(async () => {
    db = await startEmbeddedDb({})
    await migrate(db.url)
  }, 60_000)

  afterAll(() => db?.stop())

  it('imports the fetched file like the local one, and reports a failed fetch as an error', async () => {
    const log: string[] = []
    const summary = await importFootballData(db.url, [`${base}${RAW}`, `${base}/missing/2023-24/en.1.json`], { log: (line) => log.push(line) })
    expect(summary).toMatchObject({ files: 1, errors: 1, matches: 380, competitions: 1, seasons: 1 })
    expect(log).toContain(`${base}/missing/2023-24/en.1.json: cannot read: the server answered 404 Not Found`)
    const again = await importFootballData(db.url, [join(footballDataDir(), 'football.json/2023-24/en.1.json')])
    expect(again.changedRows).toBe(0)
  }, 60_000)

  it('npm run import takes the URL and exits 1 on a refused one', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['scripts/import-cli.ts', ...args], { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: db.url } })
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.once('exit', (code) => resolve({ code, out }))
      })
    const ok = await run(`${base}${RAW}`)
    expect(ok.out).toMatch(/1 files, 0 errors, 0 rows changed/)
    expect(ok.code).toBe(0)
    const refused = await run('http://raw.githubusercontent.com/openfootball/football.json/master/2024-25/en.1.json')
    expect(refused.out).toMatch(/cannot read: plain http:\/\/ is refused/)
    expect(refused.code).toBe(1)
  }, 60_000)
})
