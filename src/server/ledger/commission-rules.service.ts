import { asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { plans, type Category, type Plan } from '../../shared/constants'
import {
  scopeOf,
  type CommissionPreviewDto,
  type CommissionRuleDto,
  type commissionPreviewQuery,
  type commissionRuleInput,
  type commissionRuleUpdate,
} from '../../shared/schemas/commission'
import { deleteAudited, recordAudit } from '../audit/record-audit'
import type { Db, Tx } from '../db/client'
import { commissionRules, vendors } from '../db/schema'
import { AppError, isUniqueViolation } from '../lib/errors'
import { lockInScope, type AdminScope } from '../lib/scope'

/**
 * The marketplace's commission rules (beyond the specification: with none, commission is 0). The database
 * applies them: when an order completes, commission_memo (functions.sql) picks the most specific rule, and the
 * sale's ledger entry keeps the rule and the amounts in its memo, so changing a rule never reprices a past sale.
 */

type RuleRow = typeof commissionRules.$inferSelect

/** The rule's fields as the audit log keeps them (the columns' names), with its shop's name for the reader. */
const auditedRule = (rule: RuleRow, shopName: string | null) => ({
  vendor_id: rule.vendorId,
  ...(shopName ? { shop_name: shopName } : {}),
  category: rule.category,
  plan: rule.plan,
  rate_bp: rule.rateBp,
  fixed_amount: rule.fixedAmount,
  min_amount: rule.minAmount,
  max_amount: rule.maxAmount,
})

/** The amounts a change may touch, with their audit names. */
const amountFields = {
  rateBp: 'rate_bp',
  fixedAmount: 'fixed_amount',
  minAmount: 'min_amount',
  maxAmount: 'max_amount',
} as const satisfies Partial<Record<keyof RuleRow, string>>
type AmountField = keyof typeof amountFields

const toDto = (rule: RuleRow, shopName: string | null): CommissionRuleDto => ({
  id: rule.id,
  scope: scopeOf(rule),
  vendorId: rule.vendorId,
  shopName: rule.vendorId ? shopName : null,
  category: rule.category,
  plan: rule.plan,
  rateBp: rule.rateBp,
  fixedAmount: rule.fixedAmount,
  minAmount: rule.minAmount,
  maxAmount: rule.maxAmount,
  createdAt: rule.createdAt.toISOString(),
  updatedAt: rule.updatedAt.toISOString(),
})

const ruleExists = () => new AppError('CONFLICT', 'errors.moneyRuleExists')
const shopUnknown = () =>
  new AppError('VALIDATION', 'errors.moneyShopUnknown', undefined, { vendorId: 'errors.moneyShopUnknown' })
const minAboveMax = () =>
  new AppError('VALIDATION', 'errors.moneyMinAboveMax', undefined, { maxAmount: 'errors.moneyMinAboveMax' })

/** Least specific first, as the screen lists them: the default, plans (in plan order), categories, shops, shop+category. */
const scopeRank = sql`case
  when ${commissionRules.plan} is not null then 1
  when ${commissionRules.vendorId} is null and ${commissionRules.category} is null then 0
  when ${commissionRules.vendorId} is null then 2
  when ${commissionRules.category} is null then 3
  else 4 end`
const planRank = sql`array_position(array[${sql.join(
  plans.map((plan) => sql`${plan}`),
  sql`, `,
)}]::text[], ${commissionRules.plan})`

/** Every rule (a marketplace has a handful: no pages), each shop's with the shop's name. */
export async function listCommissionRules(
  db: Db,
  _admin: AdminScope,
): Promise<{ items: CommissionRuleDto[] }> {
  const rows = await db
    .select({ rule: commissionRules, shopName: vendors.shopName })
    .from(commissionRules)
    .leftJoin(vendors, eq(vendors.id, commissionRules.vendorId))
    .orderBy(
      scopeRank,
      planRank,
      sql`lower(${vendors.shopName})`,
      asc(commissionRules.category),
      asc(commissionRules.id),
    )
  return { items: rows.map((row) => toDto(row.rule, row.shopName)) }
}

/**
 * The shop a rule names, held until the transaction ends so it cannot be deleted under the new rule; an unknown
 * shop is refused on its field.
 */
async function shopNamed(tx: Tx, vendorId: string) {
  const [shop] = await tx
    .select({ shopName: vendors.shopName })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .for('key share')
  if (!shop) throw shopUnknown()
  return shop.shopName
}

/** Adds a rule for a scope that has none yet (409 errors.moneyRuleExists otherwise); audited. */
export async function createCommissionRule(
  db: Db,
  admin: AdminScope,
  input: z.output<typeof commissionRuleInput>,
): Promise<CommissionRuleDto> {
  const vendorId = 'vendorId' in input ? input.vendorId : null
  const category: Category | null = 'category' in input ? input.category : null
  const plan: Plan | null = 'plan' in input ? input.plan : null
  try {
    return await db.transaction(async (tx) => {
      const shopName = vendorId ? await shopNamed(tx, vendorId) : null
      const [rule] = await tx
        .insert(commissionRules)
        .values({
          vendorId,
          category,
          plan,
          rateBp: input.rateBp,
          fixedAmount: input.fixedAmount,
          minAmount: input.minAmount,
          maxAmount: input.maxAmount,
        })
        .returning()
      await recordAudit(tx, {
        by: admin,
        action: 'create',
        targetTable: 'commission_rules',
        targetId: rule!.id,
        newValues: auditedRule(rule!, shopName),
        details: { scope: input.scope },
      })
      return toDto(rule!, shopName)
    })
  } catch (error) {
    // One rule per scope (commission_rules_scope_unique): a second would leave which applies to chance.
    if (isUniqueViolation(error, 'commission_rules_scope_unique')) throw ruleExists()
    throw error
  }
}

/** The rule `id` names, locked for a change, with its shop's name. */
async function lockRule(tx: Tx, id: string) {
  const rule = await lockInScope(tx, commissionRules, id, undefined)
  const [shop] = rule.vendorId
    ? await tx.select({ shopName: vendors.shopName }).from(vendors).where(eq(vendors.id, rule.vendorId))
    : []
  return { rule, shopName: shop?.shopName ?? null }
}

/**
 * Changes a rule's amounts; what changed is audited (old and new values). Sales already completed keep the
 * amounts they were posted with (their memo), refunds of them included: only sales completed from now on use it.
 */
export async function updateCommissionRule(
  db: Db,
  admin: AdminScope,
  id: string,
  input: z.output<typeof commissionRuleUpdate>,
): Promise<CommissionRuleDto> {
  return db.transaction(async (tx) => {
    const { rule, shopName } = await lockRule(tx, id)
    const next = { ...rule, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) }
    if (next.minAmount !== null && next.maxAmount !== null && next.minAmount > next.maxAmount)
      throw minAboveMax()
    const changed = (Object.keys(amountFields) as AmountField[]).filter(
      (field) => next[field] !== rule[field],
    )
    if (changed.length === 0) return toDto(rule, shopName)
    const [updated] = await tx
      .update(commissionRules)
      .set(Object.fromEntries(changed.map((field) => [field, next[field]])))
      .where(eq(commissionRules.id, rule.id))
      .returning()
    await recordAudit(tx, {
      by: admin,
      action: 'update',
      targetTable: 'commission_rules',
      targetId: rule.id,
      oldValues: Object.fromEntries(changed.map((field) => [amountFields[field], rule[field]])),
      newValues: Object.fromEntries(changed.map((field) => [amountFields[field], updated![field]])),
      details: { scope: scopeOf(rule), ...auditedScope(rule, shopName) },
    })
    return toDto(updated!, shopName)
  })
}

/** Which rule an entry is about, beside its changed amounts: its shop, category or plan. */
const auditedScope = (rule: RuleRow, shopName: string | null) =>
  Object.fromEntries(
    Object.entries({
      vendor_id: rule.vendorId,
      shop_name: shopName,
      category: rule.category,
      plan: rule.plan,
    }).filter(([, value]) => value !== null),
  )

/** Deletes a rule (the next less specific one applies from now on); the whole rule is kept in the audit entry. */
export async function deleteCommissionRule(db: Db, admin: AdminScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rule, shopName } = await lockRule(tx, id)
    await deleteAudited(tx, commissionRules, {
      by: admin,
      targetId: rule.id,
      oldValues: auditedRule(rule, shopName),
      details: { scope: scopeOf(rule) },
    })
  })
}

/** The memo commission_memo writes on a sale (functions.sql): the rule that applied and the amounts. */
type CommissionMemo = {
  total: number
  rule_id: string | null
  rule_vendor_id: string | null
  rule_category: Category | null
  rule_plan: Plan | null
  rate_bp: number | null
  fixed_amount: number | null
  min_amount: number | null
  max_amount: number | null
  commission: number
  vat_rate_bp: number
  vat: number
}

/**
 * What a sale of `amount` by the shop in the category would post if it completed now, computed by the same
 * database function the sale's posting calls (commission_memo), in one statement with the shop's name: the
 * preview cannot drift from what a sale posts.
 */
export async function previewCommission(
  db: Db,
  _admin: AdminScope,
  query: z.output<typeof commissionPreviewQuery>,
): Promise<CommissionPreviewDto> {
  const category = query.category ?? null
  const [row] = await db
    .select({
      shopName: vendors.shopName,
      memo: sql<CommissionMemo>`commission_memo(${vendors.id}, ${category}::text, ${query.amount}::bigint)`,
    })
    .from(vendors)
    .where(eq(vendors.id, query.vendorId))
  if (!row) throw shopUnknown()
  const { memo } = row
  const rule = memo.rule_id
    ? {
        id: memo.rule_id,
        scope: scopeOf({ vendorId: memo.rule_vendor_id, category: memo.rule_category, plan: memo.rule_plan }),
        vendorId: memo.rule_vendor_id,
        shopName: memo.rule_vendor_id ? row.shopName : null,
        category: memo.rule_category,
        plan: memo.rule_plan,
        rateBp: memo.rate_bp ?? 0,
        fixedAmount: memo.fixed_amount ?? 0,
        minAmount: memo.min_amount,
        maxAmount: memo.max_amount,
      }
    : null
  return {
    amount: query.amount,
    rule,
    commission: memo.commission,
    vatRateBp: memo.vat_rate_bp,
    vat: memo.vat,
    vendorReceives: query.amount - memo.commission - memo.vat,
  }
}
