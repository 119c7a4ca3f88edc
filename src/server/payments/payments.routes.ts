import { z } from 'zod'
import { paymentProviders } from '../../shared/payments'
import {
  accountHolderDto,
  paymentsOverviewDto,
  payoutBatchDecisionInput,
  payoutBatchDto,
  payoutBatchInput,
  planPaymentDto,
  planPaymentInput,
  transferDto,
  transferList,
  transferListQuery,
  transferResolutionInput,
} from '../../shared/schemas/payments'
import { adminRouteGroup, adminScope, vendorRouteGroup, vendorScope } from '../auth/guards'
import type { Deps } from '../deps'
import { createRouter } from '../lib/http'
import { creates, errorResponses, jsonBody, jsonContent, responds, route } from '../lib/openapi'
import {
  createPayoutBatch,
  decidePayoutBatch,
  getPayoutBatch,
  listTransfers,
  paymentsOverview,
  payoutAccountHolder,
  resolveTransfer,
} from './batches.service'
import { getPlanPayment, startPlanPayment } from './plan-payments.service'
import { handleCallback } from './transfers.service'

const adminRoute = adminRouteGroup('Admin payments')
const vendorRoute = vendorRouteGroup('Vendor subscription')

const callbackParams = z.object({ provider: z.enum(paymentProviders) })
const callbackAnswer = z.object({ received: z.boolean() })

/** The largest callback body read: a provider's status message is a few hundred bytes. */
const CALLBACK_MAX_BYTES = 64 * 1024

/**
 * Mobile money (docs/payments.md): the providers' callbacks (public, verified where the provider signs them,
 * always confirmed by asking the provider), the admins' batches and unknown queue, and a vendor paying a plan.
 */
export function paymentRoutes(deps: Deps) {
  const ctx = deps.payments
  const callback = (method: 'post' | 'put') =>
    route(method, '/api/payments/callbacks/{provider}', {
      tags: ['Payment callbacks'],
      summary: `A provider's callback (${method.toUpperCase()}): a hint that a transfer moved; Isoko asks the provider before recording anything`,
      description:
        'No session. MTN’s callbacks are unsigned and pawaPay’s are signed (RFC 9421), Airtel’s carry an HMAC when ' +
        'configured: a callback that fails its check is 401 and changes nothing. A genuine one makes Isoko ask the ' +
        'provider about that reference at once and record the answer.',
      request: { params: callbackParams },
      responses: {
        200: jsonContent(callbackAnswer, 'Received'),
        401: jsonContent(callbackAnswer, 'Not genuine: nothing changed'),
        ...errorResponses(422),
      },
    })
  /** The raw body (a signature covers its bytes) and the headers, as the provider sent them. */
  const received = async (request: Request, provider: (typeof paymentProviders)[number]) => {
    const body = (await request.text()).slice(0, CALLBACK_MAX_BYTES)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, key) => (headers[key.toLowerCase()] = value))
    return handleCallback(ctx, provider, { headers, body })
  }
  return createRouter()
    .openapi(callback('post'), async (c) => {
      const genuine = await received(c.req.raw, c.req.valid('param').provider)
      return genuine ? c.json({ received: true }, 200) : c.json({ received: false }, 401)
    })
    .openapi(callback('put'), async (c) => {
      const genuine = await received(c.req.raw, c.req.valid('param').provider)
      return genuine ? c.json({ received: true }, 200) : c.json({ received: false }, 401)
    })
    .openapi(
      ...adminRoute.list(
        '/api/admin/payments',
        {
          summary:
            'Money in motion: each provider’s float (and whether it is low), approved payouts waiting to be sent, ' +
            'transfers sending and unknown, the batches under way',
          query: z.object({}),
        },
        [paymentsOverviewDto, 'The overview'],
        () => paymentsOverview(ctx),
      ),
    )
    .openapi(
      adminRoute('post', '/api/admin/payout-batches', {
        summary:
          'Pay all approved: every approved payout waiting to be sent, in one batch, with the count and total the ' +
          'admin saw; above the threshold it waits for a second admin; audited',
        description:
          '409 payments.errors.batchChanged (params {count, total}) when the payouts waiting differ from what was seen; ' +
          '409 payments.errors.floatShort (params {provider, float, total}) when a provider’s float does not cover its part; ' +
          '503 payments.errors.floatUnreadable when a provider cannot be asked; 409 payments.errors.nothingToSend.',
        request: jsonBody(payoutBatchInput),
        responses: creates(payoutBatchDto, 'Created: sending, or awaiting a second admin', 409, 422, 503),
      }),
      async (c) => c.json(await createPayoutBatch(ctx, adminScope(c), c.req.valid('json')), 201),
    )
    .openapi(
      adminRoute('get', '/api/admin/payout-batches/{id}', {
        summary: 'A batch and how far it has got: queued, sending, paid, failed, unknown',
        responses: responds(payoutBatchDto, 'The batch', 404),
      }),
      async (c) => c.json(await getPayoutBatch(ctx, c.req.valid('param').id), 200),
    )
    .openapi(
      adminRoute('post', '/api/admin/payout-batches/{id}/decision', {
        summary:
          'A second admin releases a batch above the threshold (approve), or an admin cancels it (its payouts wait ' +
          'again); audited',
        description:
          '403 payments.errors.secondAdminRequired for the admin who made it; 409 payments.errors.batchNotAwaiting once decided; ' +
          'approve re-checks the floats (409 payments.errors.floatShort).',
        request: jsonBody(payoutBatchDecisionInput),
        responses: responds(payoutBatchDto, 'Decided', 404, 409, 422, 503),
      }),
      async (c) =>
        c.json(
          await decidePayoutBatch(ctx, adminScope(c), c.req.valid('param').id, c.req.valid('json').decision),
          200,
        ),
    )
    .openapi(
      adminRoute('get', '/api/admin/payouts/{id}/account-holder', {
        summary:
          'Who the provider has registered for the number a payout goes to, beside the shop owner’s name, asked now',
        description:
          '409 payments.errors.noProviderForNumber when no configured provider reaches the number (paid by hand); ' +
          '503 payments.errors.providerUnavailable when the provider does not answer.',
        responses: responds(accountHolderDto, 'The holder', 404, 409, 503),
      }),
      async (c) => c.json(await payoutAccountHolder(ctx, c.req.valid('param').id), 200),
    )
    .openapi(
      ...adminRoute.list(
        '/api/admin/transfers',
        {
          summary:
            'Transfers in one status (unknown by default: the queue a person settles), oldest first; optionally ' +
            'of one batch',
          query: transferListQuery,
        },
        [transferList, 'The transfers'],
        (_scope, query) => listTransfers(ctx, query),
      ),
    )
    .openapi(
      adminRoute('post', '/api/admin/transfers/{id}/resolve', {
        summary:
          'Settle an unknown transfer: ask the provider again (check), or record what the provider said (paid ' +
          'with its transaction id, or failed: the money back with the shop); never re-sent under a new reference; audited',
        request: jsonBody(transferResolutionInput),
        responses: responds(transferDto, 'The transfer now', 404, 409, 422, 503),
      }),
      async (c) =>
        c.json(await resolveTransfer(ctx, adminScope(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      vendorRoute('post', '/api/vendor/subscription/mobile-money', {
        summary:
          'Pay a plan by mobile money: a request to pay goes to the shop’s mobile-money number, approved on the ' +
          'phone; the plan starts when the provider confirms',
        description:
          '409 payments.errors.noProviderForNumber when no configured provider reaches the number (pay another way: the ' +
          'team confirms it); a payment already on its way is answered instead of a second one.',
        request: jsonBody(planPaymentInput),
        responses: creates(planPaymentDto, 'Requested', 409, 422),
      }),
      async (c) => c.json(await startPlanPayment(ctx, vendorScope(c), c.req.valid('json').plan), 201),
    )
    .openapi(
      vendorRoute('get', '/api/vendor/subscription/mobile-money/{id}', {
        summary: 'Where the shop’s plan payment stands (another shop’s is 404)',
        responses: responds(planPaymentDto, 'The payment', 404),
      }),
      async (c) => c.json((await getPlanPayment(ctx, vendorScope(c), c.req.valid('param').id))!, 200),
    )
}
