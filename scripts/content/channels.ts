// Loads the team's channels (content/channels.json, decision 120) and puts demo broadcasts on
// the seed's invented fixtures. A channel is added once, by its key: after that it is the
// desk's, and a second load changes nothing, even where an editor has changed it. A fixture
// that has broadcasts keeps them: the seed only fills the invented ones that have none.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import * as v from 'valibot'
import { COUNTRY_CODES } from '../../lib/countries.ts'
import { COMMENTARY_LANGUAGE_CODES } from '../../lib/languages.ts'
import { CONTENT_DIR, LocalizedText, Text } from './content-files.ts'

const Channel = v.strictObject({
  key: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  name: LocalizedText,
  free_to_air: v.boolean(),
  countries: v.pipe(v.array(v.picklist(COUNTRY_CODES)), v.minLength(1)),
  url: v.nullable(v.pipe(v.string(), v.url(), v.startsWith('https://'))),
  reception: LocalizedText,
  // What the entry rests on: for the team, never shown.
  basis: Text,
})

const ChannelsFile = v.pipe(
  v.strictObject({
    about: v.string(),
    channels: v.array(Channel),
    demo_broadcasts: v.array(v.strictObject({ competition: Text, channel: Text, language: v.picklist(COMMENTARY_LANGUAGE_CODES) })),
    demo_commentator: LocalizedText,
  }),
  v.check((file) => file.demo_broadcasts.every((demo) => file.channels.some((channel) => channel.key === demo.channel)), 'a demo broadcast names a channel the file does not have'),
)

export interface ChannelsLoad {
  channels: number
  added: number
  demoBroadcasts: number
}

/** Checks the file, adds the channels the database does not have, then the demo broadcasts. */
export async function loadChannels(databaseUrl: string): Promise<ChannelsLoad> {
  const file = v.parse(ChannelsFile, JSON.parse(readFileSync(join(CONTENT_DIR, 'channels.json'), 'utf8')))
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    return await sql.begin(async (tx) => {
      let added = 0
      for (const { key, name, free_to_air, countries, url, reception } of file.channels) {
        // A name an editor has given a channel of their own is theirs: that channel stays as it is.
        const written = await tx`
          insert into channels (name, free_to_air, countries, url, reception, source_key)
          values (${tx.json(name)}, ${free_to_air}, ${[...new Set(countries)].sort()}, ${url}, ${tx.json(reception)}, ${`seed:${key}`})
          on conflict do nothing`
        added += written.count
      }
      const demo = await tx`
        insert into broadcasts (match_id, channel_id, list_order, countries, commentators, language)
        select m.id, c.id, (row_number() over (partition by m.id order by d.n) - 1)::smallint, c.countries,
          jsonb_build_array(${tx.json(file.demo_commentator)}::jsonb), d.item ->> 'language'
        from jsonb_array_elements(${tx.json(file.demo_broadcasts)}) with ordinality as d(item, n)
        join channels c on c.source_key = 'seed:' || (d.item ->> 'channel')
        join seasons s on s.competition_id = d.item ->> 'competition'
        join matches m on m.season_id = s.id and m.demo and m.replay_of is null and m.source_key like 'demo:%'
        where not exists (select 1 from broadcasts b where b.match_id = m.id)`
      return { channels: file.channels.length, added, demoBroadcasts: demo.count }
    })
  } finally {
    await sql.end()
  }
}
