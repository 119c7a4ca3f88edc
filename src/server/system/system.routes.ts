import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, type Deps } from '../lib/http'
import { jsonContent } from '../lib/openapi'

const tags = ['System']

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
})

const debugResponse = healthResponse.extend({
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

export function systemRoutes(deps: Deps) {
  const router = createRouter()

  async function probe() {
    const started = performance.now()
    let reachable = true
    try {
      await deps.database.ping()
    } catch (error) {
      reachable = false
      deps.logger.warn({ err: error }, 'database unreachable')
    }
    return {
      status: reachable ? ('ok' as const) : ('degraded' as const),
      database: {
        reachable,
        kind: deps.database.kind,
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
      },
    }
  }

  router.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags,
      summary: 'Liveness and database reachability (503 when the database is down)',
      responses: {
        200: jsonContent(healthResponse, 'Healthy'),
        503: jsonContent(healthResponse, 'Database unreachable'),
      },
    }),
    async (c) => {
      const result = await probe()
      return c.json(result, result.status === 'ok' ? 200 : 503)
    },
  )

  router.openapi(
    createRoute({
      method: 'get',
      path: '/debug',
      tags,
      summary: 'Connection test and configuration state for the /debug screen (never a secret)',
      responses: { 200: jsonContent(debugResponse, 'Diagnostics') },
    }),
    async (c) =>
      c.json(
        {
          ...(await probe()),
          publicUrl: deps.config.publicUrl,
          google: {
            enabled: Boolean(deps.config.google),
            redirectUri: `${deps.config.publicUrl}/api/auth/callback/google`,
            clientIdSet: Boolean(deps.config.google?.clientId),
            clientSecretSet: Boolean(deps.config.google?.clientSecret),
          },
          mail: deps.config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
          storage: deps.config.storage.driver,
          serverTime: new Date().toISOString(),
        },
        200,
      ),
  )

  return router
}
