// Spec §8: the player's setup errors are logged, never shown. The reader sees the player, or
// "Invalid source format" when there is nothing it could play.
import type { SetupError } from '../../lib/media-sources.ts'

export function logSetupError(error: SetupError, detail?: unknown): void {
  console.error(`Media player setup error: ${error}`, detail)
}
