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
}
