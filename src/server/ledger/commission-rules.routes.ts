import {
  commissionPreviewDto,
  commissionPreviewQuery,
  commissionRuleDto,
  commissionRuleInput,
  commissionRuleListDto,
  commissionRuleUpdate,
  moneySettingsDto,
  moneySettingsInput,
} from '../../shared/schemas/commission'
import { adminRouteGroup, adminScope } from '../auth/guards'
import type { Deps } from '../deps'
import { createRouter } from '../lib/http'
import { creates, jsonBody, responds } from '../lib/openapi'
import {
  createCommissionRule,
  deleteCommissionRule,
  listCommissionRules,
  previewCommission,
  updateCommissionRule,
} from './commission-rules.service'
import { getMoneySettings, updateMoneySettings } from './money-settings.service'

const adminRoute = adminRouteGroup('Admin commission and fees')

/**
 * The marketplace's money settings and commission rules: admins only. Commission is computed by the database
 * when an order completes (commission_memo, functions.sql) and frozen on the sale's ledger entry.
 */
export function commissionRoutes(deps: Deps) {
  const db = deps.database.db
  return (
    createRouter()
      .openapi(
        adminRoute('get', '/api/admin/money-settings', {
          summary:
            'The money settings: VAT on commission (basis points), hold days, debt limit, adjustment approval threshold, the marketplace’s name and TIN',
          responses: responds(moneySettingsDto, 'The settings'),
        }),
        async (c) => c.json(await getMoneySettings(db, adminScope(c)), 200),
      )
      .openapi(
        adminRoute('put', '/api/admin/money-settings', {
          summary: 'Replace the money settings; the changed fields are audited (old and new values)',
          description:
            'A new VAT rate or hold applies to sales completed from then on; a sale keeps what it was posted with. ' +
            'vatRateBp 0–10000 (errors.moneyVatRateInvalid), holdDays 0–90 (errors.moneyHoldDaysInvalid), ' +
            'debtLimit and adjustmentApprovalAbove whole RWF ≥ 0 (errors.moneyAmountInvalid), marketplaceTin 9 digits ' +
            'or null (errors.moneyTinInvalid).',
          request: jsonBody(moneySettingsInput),
          responses: responds(moneySettingsDto, 'The settings as saved', 422),
        }),
        async (c) => c.json(await updateMoneySettings(db, adminScope(c), c.req.valid('json')), 200),
      )
      .openapi(
        adminRoute('get', '/api/admin/commission-rules', {
          summary:
            'Every commission rule, least specific first: the default, plans, categories, shops, shop and category',
          description:
            'The most specific rule that applies to an order line wins (shop and category, shop, category, the shop’s ' +
            'plan, the default; none: no commission). Commission = rateBp × total / 10000 (rounded half up) + ' +
            'fixedAmount, raised to minAmount, lowered to maxAmount, never more than the total; VAT on it at the ' +
            'settings’ rate.',
          responses: responds(commissionRuleListDto, 'The rules'),
        }),
        async (c) => c.json(await listCommissionRules(db, adminScope(c)), 200),
      )
      .openapi(
        adminRoute('post', '/api/admin/commission-rules', {
          summary: 'Add a commission rule for a scope that has none (audited)',
          description:
            'scope default, plan (plan), category (category), shop (vendorId) or shopCategory (vendorId and category). ' +
            'A second rule for the same scope is 409 errors.moneyRuleExists; an unknown shop is 422 ' +
            'errors.moneyShopUnknown on vendorId; minAmount above maxAmount is 422 errors.moneyMinAboveMax.',
          request: jsonBody(commissionRuleInput),
          responses: creates(commissionRuleDto, 'Created', 409, 422),
        }),
        async (c) => c.json(await createCommissionRule(db, adminScope(c), c.req.valid('json')), 201),
      )
      // Before /{id}: "preview" is not a rule's id.
      .openapi(
        ...adminRoute.list(
          '/api/admin/commission-rules/preview',
          {
            summary:
              'The commission and VAT a sale of `amount` by the shop in the category would post now, and the rule that applies',
            description:
              'Computed by the database function a completing order calls (commission_memo), so the preview is what the ' +
              'sale posts. An unknown shop is 422 errors.moneyShopUnknown on vendorId.',
            query: commissionPreviewQuery,
          },
          [commissionPreviewDto, 'The preview'],
          (scope, query) => previewCommission(db, scope, query),
        ),
      )
      .openapi(
        ...adminRoute.change(
          'patch',
          '/api/admin/commission-rules/{id}',
          {
            summary: 'Change a rule’s amounts (audited); sales already completed keep theirs',
            description:
              'Only the fields sent change. minAmount above maxAmount, as the rule would stand, is 422 errors.moneyMinAboveMax.',
            body: commissionRuleUpdate,
            responses: responds(commissionRuleDto, 'Updated', 404, 422),
          },
          (scope, id, input) => updateCommissionRule(db, scope, id, input),
        ),
      )
      .openapi(
        ...adminRoute.deletion(
          '/api/admin/commission-rules/{id}',
          {
            summary:
              'Delete a rule (audited, the whole rule kept in the entry); the next less specific one applies',
            answer: ['Deleted', 404],
          },
          (scope, id) => deleteCommissionRule(db, scope, id),
        ),
      )
  )
}
