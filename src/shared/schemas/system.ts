import { z } from 'zod'

/** GET /api/health: whether the database answers, and how fast. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
})

/** GET /api/debug: the health plus the settings a person setting Isoko up needs to see (never secrets). */
export const debugResponse = healthResponse.extend({
  publicUrl: z.string(),
  google: z.object({
    enabled: z.boolean(),
    redirectUri: z.string(),
    clientIdSet: z.boolean(),
    clientSecretSet: z.boolean(),
  }),
  mail: z.enum(['smtp', 'outbox']),
  storage: z.enum(['local', 's3']),
  serverTime: z.string(),
})
export type DebugInfo = z.infer<typeof debugResponse>
