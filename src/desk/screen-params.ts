// What the desk's screens read from their address, for every screen group alike.
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../types.ts'

/** A row id from the URL: anything but digits names nothing. */
export function rowId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? ''
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new HTTPException(404)
  return id
}

/** A search as typed, within what the API takes: a screen's address never makes an error page. */
export const searchText = (c: Context<AppEnv>, name: string): string => (c.req.query(name) ?? '').trim().slice(0, 100)
