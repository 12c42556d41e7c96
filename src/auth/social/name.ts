// The name a new social account starts with. It comes from user_metadata, which the
// visitor can write, so it is only ever shown, never trusted (a profile edit can change it).

/** users.name allows 1 to 100 characters. */
const NAME_MAX = 100

// Control characters have no place in a name (and Postgres refuses NUL).
const CONTROL = /\p{Cc}/gu

/** full_name or name from the provider's profile, else the email's local part. */
export function socialDisplayName(metadata: Record<string, unknown>, email: string): string {
  for (const candidate of [metadata.full_name, metadata.name, email.split('@')[0]]) {
    const name = typeof candidate === 'string' ? cleanName(candidate) : ''
    if (name) return name
  }
  return email.slice(0, NAME_MAX)
}

function cleanName(text: string): string {
  const cleaned = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  // Cut by code points, so an emoji or a surrogate pair is never split.
  return Array.from(cleaned).slice(0, NAME_MAX).join('').trim()
}
