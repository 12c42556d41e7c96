// The product's JSON API. Every answer uses the spec's envelope: status, message, and
// data or errors (§7). Resources mount here as they arrive.
import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { captcha } from './captcha.ts'

export const api = new Hono<AppEnv>()

/** A trivial route: the bench's baseline, and an uptime probe that skips the database. */
api.get('/health', (c) => c.json({ status: 200, message: 'ok' }))

api.route('/captcha', captcha)
