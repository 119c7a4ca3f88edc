import { z } from 'zod'
import { categories, plans } from '../constants'
import { BASIS_POINTS, tinPattern } from '../ledger'
import { requiredText } from './text'

/**
 * The marketplace's commission rules and money settings (admin screen /admin/money). Commission is beyond the
 * specification: with no rule it is 0 and a shop is paid its completed order totals, as the specification has
 * it. Rates travel in basis points (1 bp = 0.01%); the screen shows them as percentages with up to 2 decimals.
 */

/** The largest amount of francs a rule or a setting takes (the ledger's amounts are bigint; this is far below). */
export const moneyAmountMax = 1_000_000_000_000

/** The most days a sale may be held before it can be paid out (marketplace_settings_hold_check). */
export const holdDaysMax = 90

/** The longest marketplace name (as it appears on statements and invoices). */
export const marketplaceNameMax = 100

/** A whole number from 0 to `max`, anything else refused with `messageKey`. */
const wholeNumber = (max: number, messageKey: string) =>
  z.number({ error: messageKey }).int(messageKey).min(0, messageKey).max(max, messageKey)

const wholeFrancs = (messageKey: string) =>
  wholeNumber(moneyAmountMax, messageKey).meta({
    description: 'Whole Rwandan francs (RWF has no minor unit), 0 or more',
  })

const basisPoints = (messageKey: string) =>
  wholeNumber(BASIS_POINTS, messageKey).meta({
    description: 'Basis points: 1 bp = 0.01%, 10000 = 100%',
  })

// ── Percentages on screen ──

/**
 * The basis points of a percentage typed on the screen ('18', '7.5', '2.25'), or null when it is not one from
 * 0 to 100 with at most 2 decimals: the form refuses what it cannot store exactly, rather than rounding it.
 */
export function basisPointsOf(percent: number | string): number | null {
  const text = typeof percent === 'number' ? String(percent) : percent.trim()
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(text)) return null
  const [whole = '0', fraction = ''] = text.split('.')
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return bp <= BASIS_POINTS ? bp : null
}

/** Basis points as the screen shows a percentage: 1800 → '18', 750 → '7.5', 225 → '2.25'. */
export const percentOf = (bp: number) => String(bp / 100)

// ── Money settings ──

/** PUT /api/admin/money-settings: every setting, as the form holds them. */
export const moneySettingsInput = z.object({
  vatRateBp: basisPoints('errors.moneyVatRateInvalid').meta({
    description: 'VAT charged on the commission, in basis points (1800 = 18%)',
  }),
  holdDays: wholeNumber(holdDaysMax, 'errors.moneyHoldDaysInvalid').meta({
    description: 'A completed sale may be paid out this many days later (0: at once)',
  }),
  debtLimit: wholeFrancs('errors.moneyAmountInvalid').nullable().meta({
    description:
      'A shop owing more than this (RWF) cannot request payouts or take new orders; null: no limit',
  }),
  adjustmentApprovalAbove: wholeFrancs('errors.moneyAmountInvalid').meta({
    description: 'An adjustment of more than this (RWF, either way) needs a second admin’s approval',
  }),
  payoutApprovalAbove: wholeFrancs('errors.moneyAmountInvalid').optional().meta({
    description:
      'A batch of mobile-money payouts above this (RWF) is sent only once a second admin approves it (unchanged when left out)',
  }),
  lowFloatBelow: wholeFrancs('errors.moneyAmountInvalid').optional().meta({
    description: 'The dashboard warns when a provider’s float is below this (RWF; unchanged when left out)',
  }),
  marketplaceName: requiredText(marketplaceNameMax),
  marketplaceTin: z
    .string({ error: 'errors.moneyTinInvalid' })
    .regex(tinPattern, 'errors.moneyTinInvalid')
    .nullable()
    .meta({
      description: "The marketplace's Rwandan TIN: 9 digits; null when it has none",
      example: '100200300',
    }),
})
export type MoneySettingsInput = z.input<typeof moneySettingsInput>

export const moneySettingsDto = z.object({
  vatRateBp: z.number(),
  holdDays: z.number(),
  debtLimit: z.number().nullable(),
  adjustmentApprovalAbove: z.number(),
  payoutApprovalAbove: z.number(),
  lowFloatBelow: z.number(),
  marketplaceName: z.string(),
  marketplaceTin: z.string().nullable(),
  updatedAt: z.string(),
  /** Who last changed them; null before any change (or once that account is gone). */
  updatedByName: z.string().nullable(),
})
export type MoneySettingsDto = z.infer<typeof moneySettingsDto>

// ── Commission rules ──

/**
 * What a rule applies to, least specific first: the marketplace's default, a plan, a category, a shop, a shop in
 * one category. The most specific rule that applies to an order wins (commission_memo, functions.sql).
 */
export const commissionScopes = ['default', 'plan', 'category', 'shop', 'shopCategory'] as const
export type CommissionScope = (typeof commissionScopes)[number]

/** The scope a rule's columns give (the database allows a plan only alone: commission_rules_plan_alone). */
export function scopeOf(rule: {
  vendorId: string | null
  category: string | null
  plan: string | null
}): CommissionScope {
  if (rule.plan) return 'plan'
  if (rule.vendorId) return rule.category ? 'shopCategory' : 'shop'
  return rule.category ? 'category' : 'default'
}

const rateBp = basisPoints('errors.moneyRateInvalid').meta({
  description: 'The share of the order total, in basis points (750 = 7.5%)',
})
const fixedAmount = wholeFrancs('errors.moneyAmountInvalid').meta({
  description: 'Francs added per order line, after the rate',
})
const minAmount = wholeFrancs('errors.moneyAmountInvalid').nullable().meta({
  description: 'The least commission on an order line (never more than its total); null: none',
})
const maxAmount = wholeFrancs('errors.moneyAmountInvalid').nullable().meta({
  description: 'The most commission on an order line; null: none. At least minAmount.',
})

/** A rule's amounts: commission = rate × total + fixed, then raised to the minimum and lowered to the maximum. */
const ruleAmounts = {
  rateBp,
  fixedAmount: fixedAmount.default(0),
  minAmount: minAmount.default(null),
  maxAmount: maxAmount.default(null),
}

const shopId = z.uuid({ error: 'errors.moneyShopRequired' })
const category = z.enum(categories, { error: 'errors.moneyCategoryRequired' })
const plan = z.enum(plans, { error: 'errors.moneyPlanRequired' })

/** The minimum may not be above the maximum (commission_rules_bounds_check): said on the maximum. */
function boundsInOrder(rule: { minAmount?: number | null; maxAmount?: number | null }, ctx: z.RefinementCtx) {
  if (rule.minAmount != null && rule.maxAmount != null && rule.minAmount > rule.maxAmount)
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'errors.moneyMinAboveMax' })
}

/**
 * A field the scope does not name (a category on a plan's rule) is refused rather than dropped: the rule made
 * would not be the one the client meant.
 */
const onlyItsFields = {
  error: (issue: { code?: string }) =>
    issue.code === 'unrecognized_keys' ? 'errors.moneyFieldNotInScope' : 'errors.invalidValue',
}

/**
 * POST /api/admin/commission-rules: the scope, the fields it names (a shop by id, a category, a plan) and the
 * amounts. One rule per scope (409 errors.moneyRuleExists).
 */
export const commissionRuleInput = z
  .discriminatedUnion(
    'scope',
    [
      z.strictObject({ scope: z.literal('default'), ...ruleAmounts }, onlyItsFields),
      z.strictObject({ scope: z.literal('plan'), plan, ...ruleAmounts }, onlyItsFields),
      z.strictObject({ scope: z.literal('category'), category, ...ruleAmounts }, onlyItsFields),
      z.strictObject({ scope: z.literal('shop'), vendorId: shopId, ...ruleAmounts }, onlyItsFields),
      z.strictObject(
        { scope: z.literal('shopCategory'), vendorId: shopId, category, ...ruleAmounts },
        onlyItsFields,
      ),
    ],
    { error: 'errors.moneyScopeInvalid' },
  )
  .superRefine(boundsInOrder)
export type CommissionRuleInput = z.input<typeof commissionRuleInput>

/**
 * PATCH /api/admin/commission-rules/{id}: the amounts to change (a scope is the rule's identity: another scope is
 * another rule). The minimum and maximum are checked against the rule's others as they will stand.
 */
export const commissionRuleUpdate = z
  .strictObject(
    {
      rateBp: rateBp.optional(),
      fixedAmount: fixedAmount.optional(),
      minAmount: minAmount.optional(),
      maxAmount: maxAmount.optional(),
    },
    onlyItsFields,
  )
  .superRefine(boundsInOrder)
export type CommissionRuleUpdate = z.input<typeof commissionRuleUpdate>

export const commissionRuleDto = z.object({
  id: z.string(),
  scope: z.enum(commissionScopes),
  vendorId: z.string().nullable(),
  /** The shop's name, for a shop's rule. */
  shopName: z.string().nullable(),
  category: z.enum(categories).nullable(),
  plan: z.enum(plans).nullable(),
  rateBp: z.number(),
  fixedAmount: z.number(),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type CommissionRuleDto = z.infer<typeof commissionRuleDto>

export const commissionRuleListDto = z.object({ items: z.array(commissionRuleDto) })

/** `?vendorId=&category=&amount=`: an order line of this shop, in this category, of this total. */
export const commissionPreviewQuery = z.object({
  vendorId: z.uuid({ error: 'errors.moneyShopRequired' }),
  category: z
    .enum(categories, { error: 'errors.moneyCategoryRequired' })
    .optional()
    .meta({ description: "The product's category; left out: a product without one (a deleted product)" }),
  amount: z.coerce
    .number({ error: 'errors.moneyAmountInvalid' })
    .int('errors.moneyAmountInvalid')
    .min(0, 'errors.moneyAmountInvalid')
    .max(moneyAmountMax, 'errors.moneyAmountInvalid')
    .meta({ description: 'The order line’s total, whole RWF' }),
})

/** What a sale of `amount` would post now: the rule that applies, the commission, the VAT on it, the shop's part. */
export const commissionPreviewDto = z.object({
  amount: z.number(),
  /** The most specific rule that applies, as the sale's memo would keep it; null: none, so no commission. */
  rule: commissionRuleDto.omit({ createdAt: true, updatedAt: true }).nullable(),
  commission: z.number(),
  vatRateBp: z.number(),
  vat: z.number(),
  /** What the shop is credited: amount − commission − VAT. */
  vendorReceives: z.number(),
})
export type CommissionPreviewDto = z.infer<typeof commissionPreviewDto>
