import {
  adminPayoutDto,
  adminPayoutExportQuery,
  adminPayoutListDto,
  adminPayoutListQuery,
  payoutDecisionInput,
  payoutDestinationDto,
  payoutDto,
  payoutListQuery,
  payoutOverviewDto,
  payoutRequestInput,
} from '../../shared/schemas/payout'
import { adminScope, vendorScope, adminRouteGroup, vendorRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { creates, jsonBody, responds } from '../lib/openapi'
import {
  confirmPayoutReceipt,
  decidePayout,
  exportPayouts,
  getAdminPayout,
  getPayoutOverview,
  listAdminPayouts,
  requestPayout,
  revealPayoutDestination,
} from './payouts.service'

const vendorRoute = vendorRouteGroup('Vendor payouts')
const adminRoute = adminRouteGroup('Admin payouts')

/** The signed-in vendor's own payouts (no vendor id is taken from the client), and the admin's decisions. */
export function payoutRoutes(deps: Deps) {
  const db = deps.database.db
  return (
    createRouter()
      .openapi(
        ...vendorRoute.list(
          '/api/vendor/payouts',
          {
            summary:
              'Available balance (negative: owed after refunds), pending total, payout method (masked) and the history, newest first, optionally of the days requested (from, to: Kigali days, both included)',
            query: payoutListQuery,
          },
          [payoutOverviewDto, 'Overview'],
          (scope, query) => getPayoutOverview(db, scope, query, { timeZone: deps.config.timeZone }),
        ),
      )
      .openapi(
        vendorRoute('post', '/api/vendor/payouts', {
          summary:
            'Request a payout: whole francs, at least 1 (payouts.amountWhole) and at most the available balance (payouts.amountOverBalance, params {balance}); never rounded or lowered',
          request: jsonBody(payoutRequestInput),
          responses: creates(payoutDto, 'Requested (pending)', 422),
        }),
        async (c) => c.json(await requestPayout(db, vendorScope(c), c.req.valid('json').amount), 201),
      )
      .openapi(
        vendorRoute('post', '/api/vendor/payouts/{id}/confirm-receipt', {
          summary:
            "Confirm an approved payout arrived (once; notes become 'Vendor confirmed receipt on {date}')",
          responses: responds(payoutDto, 'Confirmed', 409),
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
        ...adminRoute.list(
          '/api/admin/payouts',
          {
            summary:
              "Every shop's payouts, newest request first: q (payout id or its first 8 characters, shop name, owner name or e-mail), status, from and to (the days requested, Kigali days, both included); with the summary figures",
            description:
              '`total` counts every payout, `filteredTotal` those the filters keep. Each item carries the shop’s balance net of refunds (`vendorBalance`) and the receipt status read from the notes.',
            query: adminPayoutListQuery,
          },
          [adminPayoutListDto, 'One page of payouts'],
          (scope, query) => listAdminPayouts(db, scope, query, { timeZone: deps.config.timeZone }),
        ),
      )
      // Before /{id}: "export" is not a payout id.
      .openapi(
        ...adminRoute.csv(
          '/api/admin/payouts/export',
          {
            summary: 'The filtered payouts as CSV (UTF-8 with BOM, RFC 4180), newest request first',
            description:
              'File name `payouts-YYYY-MM-DD.csv` (the marketplace’s date). Account and mobile numbers are masked unless `paymentDetails=full`, an export recorded in the audit log. Text cells starting with = + - @, a tab or a carriage return get a leading single quote, so no cell runs as a spreadsheet formula.',
            query: adminPayoutExportQuery,
          },
          'payouts',
          (scope, query) => exportPayouts(db, scope, query, { timeZone: deps.config.timeZone }),
        ),
      )
      .openapi(
        adminRoute('get', '/api/admin/payouts/{id}', {
          summary: 'One payout as the admin list shows it (for its details)',
          responses: responds(adminPayoutDto, 'The payout', 404),
        }),
        async (c) => c.json(await getAdminPayout(db, adminScope(c), c.req.valid('param').id), 200),
      )
      .openapi(
        adminRoute('post', '/api/admin/payouts/{id}/payout-details', {
          summary:
            'Reveal where the payout goes, in full (bank and account number, provider and mobile number, or PayPal e-mail); each reveal is audited',
          description:
            'A POST, since it writes: the reveal is recorded in the audit log (the admin, the time, the payout and its shop) in the same request, before the details are answered. Vendors are refused, their own payouts included.',
          responses: responds(payoutDestinationDto, 'The full payout details', 404),
        }),
        async (c) => c.json(await revealPayoutDestination(db, adminScope(c), c.req.valid('param').id), 200),
      )
      .openapi(
        ...adminRoute.change(
          'patch',
          '/api/admin/payouts/{id}',
          {
            summary: 'Approve or reject a pending payout (payouts.notPending once decided); audited',
            description:
              'An optional `reason` is kept with a rejection. An approval with a `paymentReference` records a payout paid by hand; without one, a mobile-money payout to a number a configured provider reaches is queued for sending (`transferStatus` queued, sent by “Pay all approved”), and any other approval is refused (payouts.referenceRequired). Both are in the audit details. An approval above the shop’s balance net of refunds is 409 payouts.exceedsBalance with params {amount, balance}.',
            body: payoutDecisionInput,
            responses: responds(payoutDto, 'Decided', 404, 409, 422),
          },
          (scope, id, input) =>
            decidePayout(db, scope, id, input, deps.config.publicUrl, deps.payments.providers),
        ),
      )
  )
}
