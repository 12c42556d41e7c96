// What the global setup (Node) hands the worker tests (workerd): declared here, where both
// programs see it (tests/worker/tsconfig.json and tsconfig.node.json).
import 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    databaseKind: 'pglite' | 'postgres'
    migrationVersions: string[]
    secondMigrationRun: string[]
    vapidPublicKey: string
    vapidPrivateKey: string
    /** The stand-in push service (tests/support/push-service.ts). */
    pushServiceUrl: string
  }
}
