import { adminSetupInput, createdAccountResponse, setupStatusResponse } from '../../shared/schemas/auth'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { creates, jsonBody, responds, route } from '../lib/openapi'
import { hitRateLimit } from '../auth/rate-limit'
import { createFirstAdmin, hasAdmin } from './setup.service'
import { passwordHashing } from '../auth/passwords'

const tags = ['Setup']

export function setupRoutes(deps: Deps) {
  return createRouter()
    .openapi(
      route('get', '/api/setup/status', {
        tags,
        summary: 'Whether the first admin still has to be created',
        responses: responds(setupStatusResponse, 'Setup state'),
      }),
      async (c) => c.json({ adminExists: await hasAdmin(deps.database.db) }, 200),
    )
    .openapi(
      route('post', '/api/setup/admin', {
        tags,
        summary: 'Create the first admin with the one-time setup token printed at start',
        request: jsonBody(adminSetupInput),
        responses: creates(createdAccountResponse, 'Admin created', 409, 422, 429),
      }),
      async (c) => {
        await hitRateLimit(deps.database.db, `setup:ip:${c.get('clientIp')}`, 10, 15 * 60 * 1000)
        const result = await createFirstAdmin(
          deps.database.db,
          c.req.valid('json'),
          passwordHashing(deps.config.env),
        )
        deps.logger.info({ email: result.email }, 'first admin created')
        return c.json(result, 201)
      },
    )
}
