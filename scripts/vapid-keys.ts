// npm run vapid:keys: a new VAPID pair for production (README, Alerts by Web Push). The public
// key goes into wrangler.toml as VAPID_PUBLIC_KEY; the private key is a secret:
// `npx wrangler secret put VAPID_PRIVATE_KEY`. Printed, never written to a file.
import { vapidKeyPair } from './lib/vapid-keys.ts'

const { publicKey, privateKey } = await vapidKeyPair()
console.log(`VAPID_PUBLIC_KEY  (wrangler.toml [vars]):              ${publicKey}`)
console.log(`VAPID_PRIVATE_KEY (npx wrangler secret put VAPID_PRIVATE_KEY): ${privateKey}`)
