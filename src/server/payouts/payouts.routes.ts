import {
  payoutDecisionInput,
  payoutDto,
  payoutListQuery,
  payoutOverviewDto,
  payoutRequestInput,
} from '../../shared/schemas/payout'
import { adminOnly, adminScope, createRouter, vendorOnly, vendorScope, type Deps } from '../lib/http'
import { errorResponses, idParam, jsonBody, jsonContent, responds, route } from '../lib/openapi'
import { confirmPayoutReceipt, decidePayout, getPayoutOverview, requestPayout } from './payouts.service'

/** The signed-in vendor's own payouts (no vendor id is taken from the client), and the admin's decisions. */
export function payoutRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter()
    .openapi(
      route('get', '/api/vendor/payouts', {
        middleware: vendorOnly,
        tags: ['Vendor payouts'],
        summary:
          'Available balance (negative: owed after refunds), pending total, payout method (masked) and the history, newest first',
        request: { query: payoutListQuery },
        responses: responds(payoutOverviewDto, 'Overview', 401, 403, 404, 422),
      }),
      async (c) => c.json(await getPayoutOverview(db, vendorScope(c), c.req.valid('query')), 200),
    )
    .openapi(
      route('post', '/api/vendor/payouts', {
        middleware: vendorOnly,
        tags: ['Vendor payouts'],
        summary:
          'Request a payout: whole francs, at least 1 and at most the available balance (payouts.invalidAmount)',
        request: jsonBody(payoutRequestInput),
        responses: {
          201: jsonContent(payoutDto, 'Requested (pending)'),
          ...errorResponses(401, 403, 404, 422),
        },
      }),
      async (c) => c.json(await requestPayout(db, vendorScope(c), c.req.valid('json').amount), 201),
    )
    .openapi(
      route('post', '/api/vendor/payouts/{id}/confirm-receipt', {
        middleware: vendorOnly,
        tags: ['Vendor payouts'],
        summary:
          "Confirm an approved payout arrived (once; notes become 'Vendor confirmed receipt on {date}')",
        request: { params: idParam },
        responses: responds(payoutDto, 'Confirmed', 401, 403, 404, 409),
      }),
      async (c) =>
        c.json(
          await confirmPayoutReceipt(db, vendorScope(c), c.req.valid('param').id, {
            timeZone: deps.config.timeZone,
          }),
          200,
        ),
    )
    .openapi(
      route('patch', '/api/admin/payouts/{id}', {
        middleware: adminOnly,
        tags: ['Admin payouts'],
        summary: 'Approve or reject a pending payout (payouts.notPending once decided); audited',
        description:
          'An approval above the shop’s balance net of refunds is 409 payouts.exceedsBalance with params {amount, balance}.',
        request: { params: idParam, ...jsonBody(payoutDecisionInput) },
        responses: responds(payoutDto, 'Decided', 401, 403, 404, 409, 422),
      }),
      async (c) =>
        c.json(
          await decidePayout(db, adminScope(c), c.req.valid('param').id, c.req.valid('json').status),
          200,
        ),
    )
}
