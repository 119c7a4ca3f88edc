import { z } from '@hono/zod-openapi'
import {
  adminPayoutDto,
  adminPayoutFilters,
  adminPayoutListDto,
  adminPayoutListQuery,
  payoutDecisionInput,
  payoutDto,
  payoutListQuery,
  payoutOverviewDto,
  payoutRequestInput,
} from '../../shared/schemas/payout'
import { csvHeaders, csvStream } from '../lib/csv'
import { adminOnly, adminScope, createRouter, vendorOnly, vendorScope, type Deps } from '../lib/http'
import { errorResponses, idParam, jsonBody, jsonContent, responds, route } from '../lib/openapi'
import {
  confirmPayoutReceipt,
  decidePayout,
  exportAdminPayouts,
  getAdminPayout,
  getPayoutOverview,
  listAdminPayouts,
  requestPayout,
} from './payouts.service'

/** The signed-in vendor's own payouts (no vendor id is taken from the client), and the admin's decisions. */
export function payoutRoutes(deps: Deps) {
  const db = deps.database.db
  return (
    createRouter()
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
        route('get', '/api/admin/payouts', {
          middleware: adminOnly,
          tags: ['Admin payouts'],
          summary:
            "Every shop's payouts, newest request first: q (payout id or its first 8 characters, shop name, owner name or e-mail), status; with the summary figures",
          description:
            '`total` counts every payout, `filteredTotal` those the filters keep. Each item carries the shop’s balance net of refunds (`vendorBalance`) and the receipt status read from the notes.',
          request: { query: adminPayoutListQuery },
          responses: responds(adminPayoutListDto, 'One page of payouts', 401, 403, 422),
        }),
        async (c) => c.json(await listAdminPayouts(db, adminScope(c), c.req.valid('query')), 200),
      )
      // Before /{id}: "export" is not a payout id.
      .openapi(
        route('get', '/api/admin/payouts/export', {
          middleware: adminOnly,
          tags: ['Admin payouts'],
          summary: 'The filtered payouts as CSV (UTF-8 with BOM, RFC 4180), newest request first',
          description:
            'File name `payouts-YYYY-MM-DD.csv` (the marketplace’s date). Text cells starting with = + - @, a tab or a carriage return get a leading single quote, so no cell runs as a spreadsheet formula.',
          request: { query: adminPayoutFilters },
          responses: {
            200: {
              content: { 'text/csv': { schema: z.string() } },
              description: 'The CSV file',
            },
            ...errorResponses(401, 403, 422),
          },
        }),
        async (c) => {
          const exported = exportAdminPayouts(db, adminScope(c), c.req.valid('query'), {
            timeZone: deps.config.timeZone,
          })
          const body = await csvStream(exported.header, exported.batches, (error) =>
            c.var.logger.error({ err: error }, 'the payouts export stopped part way'),
          )
          return c.body(body, 200, csvHeaders(exported.fileName))
        },
      )
      .openapi(
        route('get', '/api/admin/payouts/{id}', {
          middleware: adminOnly,
          tags: ['Admin payouts'],
          summary: 'One payout as the admin list shows it (for its details)',
          request: { params: idParam },
          responses: responds(adminPayoutDto, 'The payout', 401, 403, 404),
        }),
        async (c) => c.json(await getAdminPayout(db, adminScope(c), c.req.valid('param').id), 200),
      )
      .openapi(
        route('patch', '/api/admin/payouts/{id}', {
          middleware: adminOnly,
          tags: ['Admin payouts'],
          summary: 'Approve or reject a pending payout (payouts.notPending once decided); audited',
          description:
            'An optional `reason` is kept with a rejection, an optional `paymentReference` with an approval; both are in the audit details. An approval above the shop’s balance net of refunds is 409 payouts.exceedsBalance with params {amount, balance}.',
          request: { params: idParam, ...jsonBody(payoutDecisionInput) },
          responses: responds(payoutDto, 'Decided', 401, 403, 404, 409, 422),
        }),
        async (c) =>
          c.json(
            await decidePayout(
              db,
              adminScope(c),
              c.req.valid('param').id,
              c.req.valid('json'),
              deps.config.publicUrl,
            ),
            200,
          ),
      )
  )
}
