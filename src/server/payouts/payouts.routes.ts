import { createRoute, z } from '@hono/zod-openapi'
import {
  payoutDto,
  payoutListQuery,
  payoutOverviewDto,
  payoutRequestInput,
} from '../../shared/schemas/payout'
import { actorScope, createGuardedRouter, type Deps, requireActor } from '../lib/http'
import { errorResponses, idParam, jsonBody, jsonContent } from '../lib/openapi'
import { confirmPayoutReceipt, decidePayout, getPayoutOverview, requestPayout } from './payouts.service'

/** The admin's decision on a pending payout (the admin screens will share it from src/shared). */
export const payoutDecisionInput = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'errors.invalidValue' }),
})

/** /api/vendor/payouts: the signed-in vendor's own payouts; no vendor id is taken from the client. */
export function vendorPayoutRoutes(deps: Deps) {
  const router = createGuardedRouter(deps.auth, 'vendor')
  const db = deps.database.db
  const tags = ['Vendor payouts']
  const scope = (c: Parameters<typeof actorScope>[0]) => actorScope(c, deps.auth, 'vendor')

  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Available balance, pending total, payout method (masked) and the history, newest first',
      request: { query: payoutListQuery },
      responses: { 200: jsonContent(payoutOverviewDto, 'Overview'), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => c.json(await getPayoutOverview(db, await scope(c), c.req.valid('query')), 200),
  )

  router.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary:
        'Request a payout: whole francs, at least 1 and at most the available balance (payouts.invalidAmount)',
      request: jsonBody(payoutRequestInput),
      responses: {
        201: jsonContent(payoutDto, 'Requested (pending)'),
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => c.json(await requestPayout(db, await scope(c), c.req.valid('json').amount), 201),
  )

  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/confirm-receipt',
      tags,
      summary: "Confirm an approved payout arrived (once; notes become 'Vendor confirmed receipt on {date}')",
      request: { params: idParam },
      responses: { 200: jsonContent(payoutDto, 'Confirmed'), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await confirmPayoutReceipt(db, await scope(c), c.req.valid('param').id, {
          timeZone: deps.config.timeZone,
        }),
        200,
      ),
  )

  return router
}

/** /api/admin/payouts: deciding payouts. Admins only. */
export function adminPayoutRoutes(deps: Deps) {
  const router = createGuardedRouter(deps.auth, 'admin')
  const db = deps.database.db
  const tags = ['Admin payouts']

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      tags,
      summary: 'Approve or reject a pending payout (payouts.notPending once decided); audited',
      request: { params: idParam, ...jsonBody(payoutDecisionInput) },
      responses: { 200: jsonContent(payoutDto, 'Decided'), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const admin = await requireActor(c, deps.auth, 'admin')
      return c.json(await decidePayout(db, admin, c.req.valid('param').id, c.req.valid('json').status), 200)
    },
  )

  return router
}
