import {
  adjustmentDto,
  adjustmentInput,
  adjustmentListDto,
  adjustmentListQuery,
} from '../../shared/schemas/adjustment'
import { adminRouteGroup, adminScope } from '../auth/guards'
import type { Deps } from '../deps'
import { createRouter } from '../lib/http'
import { creates, jsonBody, responds } from '../lib/openapi'
import { createAdjustment, decideAdjustment, listAdjustments } from './adjustments.service'

const adminRoute = adminRouteGroup('Admin adjustments')

/**
 * Manual credits and debits of a shop's balance, with two people above the operator's threshold: one admin asks,
 * another approves or rejects. Admins only (a vendor is refused with 403).
 */
export function adjustmentRoutes(deps: Deps) {
  const db = deps.database.db
  const { publicUrl } = deps.config
  return createRouter()
    .openapi(
      adminRoute('post', '/api/admin/vendors/{id}/adjustments', {
        summary:
          'Credit (positive amount) or debit (negative) a shop, with the reason; posts at once up to the ' +
          'threshold, else waits for a second admin (status pending); audited',
        description:
          'Up to `marketplace_settings.adjustment_approval_above` francs either way the adjustment posts at once as ' +
          'one balanced ledger entry (the shop’s balance moves by the amount, the marketplace’s adjustments account ' +
          'the other way) and the shop is mailed; above it, nothing posts until another admin approves it. ' +
          '422 adjustments.amountInvalid (0, not whole, out of bounds) or adjustments.reasonRequired; 404 for an ' +
          'unknown shop.',
        request: jsonBody(adjustmentInput),
        responses: creates(adjustmentDto, 'Recorded: posted, or pending a second admin', 404, 422),
      }),
      async (c) =>
        c.json(
          await createAdjustment(db, adminScope(c), c.req.valid('param').id, c.req.valid('json'), publicUrl),
          201,
        ),
    )
    .openapi(
      ...adminRoute.list(
        '/api/admin/adjustments',
        {
          summary:
            'Adjustments, newest first: status (all, pending, posted, rejected) and one shop (vendorId); with the ' +
            'threshold above which a new one waits for a second admin',
          description:
            'Each item names the shop, the amount (negative: a debit), the reason, the admin who asked and when, ' +
            'who decided and when, and `isOwnRequest` (the reader asked for it, so may not decide it).',
          query: adjustmentListQuery,
        },
        [adjustmentListDto, 'One page of adjustments'],
        (scope, query) => listAdjustments(db, scope, query),
      ),
    )
    .openapi(
      adminRoute('post', '/api/admin/adjustments/{id}/approve', {
        summary:
          'A second admin approves a pending adjustment: it posts in the same request and the shop is mailed; audited',
        description:
          '403 adjustments.ownRequest for the admin who asked for it; 409 adjustments.notPending once decided ' +
          '(approvals at the same time post once).',
        responses: responds(adjustmentDto, 'Approved and posted', 404, 409),
      }),
      async (c) =>
        c.json(await decideAdjustment(db, adminScope(c), c.req.valid('param').id, 'approve', publicUrl), 200),
    )
    .openapi(
      adminRoute('post', '/api/admin/adjustments/{id}/reject', {
        summary: 'A second admin rejects a pending adjustment: nothing posts; audited',
        description:
          '403 adjustments.ownRequest for the admin who asked for it; 409 adjustments.notPending once decided.',
        responses: responds(adjustmentDto, 'Rejected', 404, 409),
      }),
      async (c) =>
        c.json(await decideAdjustment(db, adminScope(c), c.req.valid('param').id, 'reject', publicUrl), 200),
    )
}
