// What the desk's screens read from their address and forms, for every screen group alike. Ids are
// route params checked by `urlInput` (src/http/params.ts), as everywhere else.
import type { Context } from 'hono'
import type { AppEnv } from '../types.ts'

/** A search as typed, within what the API takes: a screen's address never makes an error page. */
export const searchText = (c: Context<AppEnv>, name: string): string => (c.req.query(name) ?? '').trim().slice(0, 100)

/** A number field as the API wants it: a number when it is one, else the text (the API says what is wrong). */
export const numberOrText = (value: string): number | string => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value)
