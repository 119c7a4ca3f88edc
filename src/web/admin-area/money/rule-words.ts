import type { TFunction } from 'i18next'
import { formatRwf } from '../../../shared/money'
import { percentOf, type CommissionRuleDto } from '../../../shared/schemas/commission'

/** What a rule is named by: its scope and the shop, category or plan it names. */
export type RuleScope = Pick<CommissionRuleDto, 'scope' | 'shopName' | 'category' | 'plan'>

/** Which sales a rule applies to, in the reader's words: "Every sale", "Growth plan", "Ikoti Fashion in Clothes". */
export function scopeText(t: TFunction, rule: RuleScope): string {
  const category = rule.category ? t(`categories.${rule.category}`) : ''
  const plan = rule.plan ? t(`admin.vendors.plans.${rule.plan}`) : ''
  return t(`money.rules.scopeOf.${rule.scope}`, { shop: rule.shopName ?? '', category, plan })
}

/** A rate in basis points as a percentage: 750 → "7.5%". */
export const rateText = (bp: number) => `${percentOf(bp)}%`

/** An optional bound: "RWF 1,000", or null for none. */
export const boundText = (amount: number | null) => (amount === null ? null : formatRwf(amount))
