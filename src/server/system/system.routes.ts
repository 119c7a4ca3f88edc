import { debugResponse, healthResponse } from '../../shared/schemas/system'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { jsonContent, route } from '../lib/openapi'

const tags = ['System']

export function systemRoutes(deps: Deps) {
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
  return createRouter()
    .openapi(
      route('get', '/api/health', {
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
    .openapi(
      route('get', '/api/debug', {
        tags,
        summary:
          'Connection test for the /debug screen; the configuration state (never a secret) for admins only',
        responses: { 200: jsonContent(debugResponse, 'Diagnostics') },
      }),
      async (c) => {
        const { status, database } = await probe()
        const google = deps.config.google
        const serverTime = new Date().toISOString()
        // Anyone: whether the connection works, and whether Google sign-in is on (the sign-in page shows it).
        if (c.get('actor')?.role !== 'admin') {
          const connection = { reachable: database.reachable, latencyMs: database.latencyMs }
          return c.json(
            { status, database: connection, google: { enabled: Boolean(google) }, serverTime },
            200,
          )
        }
        return c.json(
          {
            status,
            database,
            publicUrl: deps.config.publicUrl,
            google: {
              enabled: Boolean(google),
              redirectUri: `${deps.config.publicUrl}/api/auth/callback/google`,
              clientIdSet: Boolean(google?.clientId),
              clientSecretSet: Boolean(google?.clientSecret),
            },
            mail: deps.config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
            storage: deps.config.storage.driver,
            serverTime,
          },
          200,
        )
      },
    )
}
