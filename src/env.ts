import { settings } from './settings.ts'

/**
 * Local development (`npm run dev`, `npm start`, tests) serves plain http on localhost:
 * cookies drop Secure there, and dev-only routes exist. Anything else is production.
 */
export function isLocalDevelopment(env: Env): boolean {
  return settings(env).development
}
