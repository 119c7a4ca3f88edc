import { z } from 'zod'

/** GET /api/health: whether the database answers, and how fast. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
})

/**
 * GET /api/debug: what the /debug screen shows. Anyone reads that the connection works (and how fast) and
 * whether Google sign-in is on; how the marketplace is set up (the database's kind, its address, Google's
 * client, mail and storage) only an admin reads. Never a secret.
 */
export const debugResponse = z.object({
  status: healthResponse.shape.status,
  database: healthResponse.shape.database.partial({ kind: true }),
  publicUrl: z.string().optional(),
  google: z.object({
    enabled: z.boolean(),
    redirectUri: z.string().optional(),
    clientIdSet: z.boolean().optional(),
    clientSecretSet: z.boolean().optional(),
  }),
  mail: z.enum(['smtp', 'outbox']).optional(),
  storage: z.enum(['local', 's3']).optional(),
  serverTime: z.string(),
})
export type DebugInfo = z.infer<typeof debugResponse>
